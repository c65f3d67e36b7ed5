import FXRates

extension CommandSpec {
    public static let convert = CommandSpec(
        name: "convert", aliases: ["c", "conv"],
        summary: "Convert an amount into one or more currencies",
        synopsis: "convert <amount> <from> [to|in|as|->|→] <to> [<to>...] [on <date>]",
        discussion: """
            The word 'convert' may be left out: a line that starts with an amount is a conversion.
            Amounts take thousands separators (1,234.56), suffixes k, m and bn (1.5k, 2m, 3bn),
            and a currency symbol before or after ($100, 100€, £5, ¥500, ₩50000).
            Results are rounded to the target currency's minor unit, half away from zero.
            With 'on <date>' (2013-03-21, today, yesterday, 3d ago) it uses the rates published that
            day, or on the last working day before it, and says which.
            """,
        examples: [
            "convert 100 usd eur", "convert 1,234.56 gbp to jpy chf", "100 usd in eur", "$100 → eur", "1.5k eur usd", "₩50000 jpy",
            "convert 100 usd eur on 2013-03-21", "100 gbp chf on yesterday",
        ],
        parse: { arguments, command, context throws(UsageError) in
            guard let first = arguments.first else { throw UsageError(.missingAmount(command: command.text), span: nil) }
            if CurrencyCode(first.text).map(context.isKnown) == true,
                !(arguments.dropFirst().first.map { AmountParser.looksLikeAmount($0.text, context: context) } ?? false)
            {
                throw UsageError(.missingAmount(command: command.text), at: first)
            }
            return try CalculatorGrammar.parse(arguments, context: context, tickers: false)
        },
        completion: { arguments, context in arguments.isEmpty ? [] : CalculatorGrammar.completion(arguments, context) }
    )
}

/// What may follow a conversion's words.
enum ConvertGrammar {}

extension ConvertGrammar {
    /// After the amount: its currency (unless a symbol gave it), then a keyword or targets.
    static func completion(_ arguments: [Token], _ context: ParseContext) -> [CompletionKind] {
        guard let first = arguments.first else { return [] }
        var rest = arguments.dropFirst()
        // "€ " expects the amount next.
        if context.symbols[first.text] != nil, rest.isEmpty { return [] }
        var hasSource = false
        if context.symbols[first.text] != nil, rest.first != nil {
            hasSource = true
            rest = rest.dropFirst()
        } else if case .success(let parsed) = AmountParser.parse(first.text, context: context), parsed.currency != nil {
            hasSource = true
        }
        if let next = rest.first, !hasSource, context.symbols[next.text] != nil || CurrencyCode(next.text) != nil {
            hasSource = true
            rest = rest.dropFirst()
        }
        guard hasSource else { return [.currencies] }
        let keywords = ["to", "in", "as"]
        if rest.isEmpty { return [.keywords(keywords), .currencies] }
        if let index = rest.firstIndex(where: { dateKeywords.contains($0.folded) }) {
            return index == rest.index(before: rest.endIndex) ? [.keywords(DateGrammar.words)] : []
        }
        let hasTarget = rest.contains { !targetKeywords.contains($0.folded) && $0.text != "," }
        return hasTarget && rest.last?.text != "," ? [.keywords(["on"]), .currencies] : [.currencies]
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
