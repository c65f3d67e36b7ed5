/// The number of a rate of your own (`at 1.0712`): a plain positive number, or the precise reason
/// it is not one. Kept apart from the amount reader: a rate has no currency, sign or suffix.
enum OwnRateReader {
    /// The rate `token` writes (`after` is the word following it, for `at - 1`).
    static func rate(_ token: Token, then after: Token?, context: ParseContext) throws(UsageError) -> Decimal {
        // `at -1`, `at - 1`: a sign alone is a word of its own.
        if token.text == "-" || token.text == "+", let after, AmountParser.looksLikeAmount(after.text, context: context) {
            let joined = Token(token.text + after.text, start: token.start, end: after.end)
            throw UsageError(.nonPositiveRate(joined.text), at: joined)
        }
        switch AmountParser.parse(token.text, context: context) {
        case .success(let parsed) where parsed.currency == nil:
            guard parsed.amount.value > 0 else { throw UsageError(.nonPositiveRate(token.text), at: token) }
            return parsed.amount.value
        case .success:
            throw UsageError(.malformedRate(token.text, hint: .currency), at: token)
        case .failure(.malformed(.exponent?)):
            throw UsageError(.malformedRate(token.text, hint: .exponent), at: token)
        case .failure(.malformed):
            throw UsageError(.malformedRate(token.text, hint: .malformed), at: token)
        case .failure:
            throw UsageError(.malformedRate(token.text, hint: .notANumber), at: token)
        }
    }
}
