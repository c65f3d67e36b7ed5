/// Reads a condition: `<base> <quote> <op> <number>` (`btc eur > 60000`, `usd/krw >= 1,400`,
/// `usd krw>=1400`), the six comparisons `<` `<=` `>` `>=` `=` (`==`) `!=`. A line is a condition
/// only when its comparison follows exactly two currencies, so `rent = 1450 chf` stays an assignment.
enum ConditionGrammar {
    /// The condition the words hold, nil when they hold no comparison after a pair; an error for
    /// a comparison after a pair whose other side is no number.
    static func parse(_ tokens: ArraySlice<Token>, context: ParseContext) throws(UsageError) -> Condition? {
        // Most lines hold no comparison: a byte scan says so before any text is put together.
        guard
            tokens.contains(where: {
                $0.text.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "=") }
            })
        else { return nil }
        guard let split = comparison(in: tokens) else { return nil }
        let left = Tokenizer.tokenize(split.left.text).map { $0.shifted(by: split.left.start) }
        guard let pair = self.pair(left.filter { !["/", "to", "in"].contains($0.folded) }, context: context) else { return nil }
        let right = Tokenizer.tokenize(split.right.text).map { $0.shifted(by: split.right.start) }
        let operatorText = split.comparison.rawValue
        guard !right.isEmpty else {
            throw UsageError(
                .missingAmount(command: "\(pair.base.rawValue.lowercased()) \(pair.quote.rawValue.lowercased()) \(operatorText)"),
                span: nil,
                example: "usd krw >= 1400")
        }
        let reading: AmountParser.Reading
        switch AmountParser.read(right[...], context: context) {
        case .success(let read): reading = read
        case .failure(let failure):
            let word = failure.word ?? right[0]
            throw UsageError(.malformedAmount(word.text, hint: nil), at: word)
        }
        // `> 60000 eur`: the quote currency may follow the number, and only it.
        var rest = right[reading.consumed...]
        if let currency = reading.parsed.currency, currency != pair.quote {
            throw UsageError(.unexpectedWord(reading.word.text, command: operatorText), at: reading.word)
        }
        if let word = rest.first, context.code(of: word) == pair.quote { rest = rest.dropFirst() }
        if let extra = rest.first { throw UsageError(.unexpectedWord(extra.text, command: operatorText), at: extra) }
        return Condition(base: pair.base, quote: pair.quote, comparison: split.comparison, threshold: reading.parsed.amount)
    }

    /// The two currencies before the comparison, nil for anything else.
    private static func pair(_ words: [Token], context: ParseContext) -> (base: CurrencyCode, quote: CurrencyCode)? {
        guard words.count == 2, let base = context.code(of: words[0]), let quote = context.code(of: words[1]) else { return nil }
        return (base, quote)
    }

    /// The line's text around its first comparison: each side with the column it starts at.
    private static func comparison(in tokens: ArraySlice<Token>) -> (
        left: (text: String, start: Int), comparison: Condition.Comparison, right: (text: String, start: Int)
    )? {
        guard let first = tokens.first else { return nil }
        // The words as typed, spaces where they were (tokens keep their columns).
        var text = "", column = first.start
        for token in tokens {
            text += String(repeating: " ", count: max(0, token.start - column)) + token.text
            column = token.end
        }
        // Quoted at the prompt as a shell would need it: `'btc eur > 60000'`.
        var characters = Array(text)
        var offset = 0
        while let quote = characters.first, quote == "'" || quote == "\"" {
            characters.removeFirst()
            offset += 1
            if characters.last == quote { characters.removeLast() }
        }
        guard let index = characters.firstIndex(where: { "<>!=".contains($0) }) else { return nil }
        var length = 1
        let next = characters[safe: index + 1]
        let symbol: Condition.Comparison
        switch (characters[index], next) {
        case ("<", "="): (symbol, length) = (.lessOrEqual, 2)
        case (">", "="): (symbol, length) = (.greaterOrEqual, 2)
        case ("=", "="): (symbol, length) = (.equal, 2)
        case ("!", "="): (symbol, length) = (.notEqual, 2)
        case ("<", _): symbol = .less
        case (">", _): symbol = .greater
        case ("=", _): symbol = .equal
        default: return nil
        }
        let left = String(characters[..<index]), right = String(characters[(index + length)...])
        return ((left, first.start + offset), symbol, (right, first.start + offset + index + length))
    }
}

extension Token {
    /// The same word at a column `offset` further along the line.
    func shifted(by offset: Int) -> Token { Token(text, start: start + offset, end: end + offset) }
}
