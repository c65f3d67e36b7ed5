extension AmountParser {
    /// Reads an amount written alone, as a statement writes one: what `read` reads at the prompt
    /// (`€ 12,50`, `R$ 10,00`, `zł 10`, `1 234,56 €`), a code before or after the number, glued
    /// or not (`SEK 33.91`, `USD12.50`, `12.50 usd`), and a negative in parentheses, the
    /// accountant's way, with the currency inside or out (`(12.50)`, `(53) CAD`, `($12.50)`).
    /// The whole text must be the amount.
    static func readAlone(_ text: Substring, context: ParseContext) -> Result<Parsed, Failure> {
        var text = text
        var negative = false
        if text.first == "(", let close = text.firstIndex(of: ")"), text.filter({ $0 == ")" }).count == 1 {
            negative = true
            text = text[text.index(after: text.startIndex)..<close] + " " + text[text.index(after: close)...]
        }
        var tokens = Tokenizer.tokenize(String(text))
        guard !tokens.isEmpty else { return .failure(.notANumber) }
        // `-12.50 €`: the tokenizer stands a leading minus alone.
        if tokens.count > 1, tokens[0].text == "-" || tokens[0].text == "+", tokens[0].end == tokens[1].start {
            tokens[1] = Token(tokens[0].text + tokens[1].text, start: tokens[0].start, end: tokens[1].end)
            tokens.removeFirst()
        }
        var code = leadingCode(&tokens, context: context)
        if let last = tokens.last, tokens.count > 1, context.symbols[last.text] == nil, let trailing = CurrencyCode(last.text) {
            guard context.isKnown(trailing) else { return .failure(.unknownCurrency(last.text)) }
            guard code == nil || code == trailing else { return .failure(.malformed(nil)) }
            code = trailing
            tokens.removeLast()
        }
        let reading: Reading
        switch read(tokens[...], context: context) {
        case .success(let value): reading = value
        case .failure(let failure): return .failure(failure.failure)
        }
        guard reading.consumed == tokens.count else { return .failure(.malformed(nil)) }
        var parsed = reading.parsed
        if let code {
            guard parsed.currency == nil || parsed.currency == code else { return .failure(.malformed(nil)) }
            parsed.currency = code
        }
        if negative {
            guard parsed.amount.value >= 0 else { return .failure(.malformed(nil)) }
            parsed.amount = Amount(-parsed.amount.value, scale: parsed.amount.scale)
        }
        return .success(parsed)
    }

    /// `SEK 33.91` or `USD12.50`: a known code before the number, taken off the tokens.
    private static func leadingCode(_ tokens: inout [Token], context: ParseContext) -> CurrencyCode? {
        guard let first = tokens.first else { return nil }
        if tokens.count > 1, let code = CurrencyCode(first.text), context.isKnown(code),
            looksLikeAmount(tokens[1].text, context: context)
        {
            tokens.removeFirst()
            return code
        }
        let letters = first.text.prefix { $0.isASCII && $0.isLetter }
        guard letters.count == 3, let code = CurrencyCode(letters), context.isKnown(code),
            looksLikeAmount(String(first.text.dropFirst(3)), context: context)
        else { return nil }
        tokens[0] = Token(String(first.text.dropFirst(3)), start: first.start + 3, end: first.end)
        return code
    }
}
