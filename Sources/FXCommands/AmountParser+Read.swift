extension AmountParser {
    /// An amount read from one or more words.
    struct Reading: Equatable {
        var parsed: Parsed
        /// How many tokens it took, from the first one given.
        var consumed: Int
        /// The words read as one token (their texts joined by spaces, spanning them), for errors.
        var word: Token
    }

    /// Why the words at hand are not an amount, and which words to blame.
    struct ReadFailure: Error, Equatable {
        var failure: Failure
        /// The words that failed, as one token; nil when there were no words.
        var word: Token?
    }

    /// Reads an amount that may span several words: an optional lone symbol before it (`€ 100`),
    /// digit groups separated by spaces (`1 234,56`), a scale word (`1.5 lakh`, `2 crore`,
    /// `3 million`) and a lone symbol after it (`1 234,56 €`). A single word reads as `parse` reads it.
    ///
    /// Groups join only after a first group of one to three digits, and only words of exactly
    /// three digits (the last may carry a decimal part or a suffix), so `100 200` reads 100200
    /// but `1.5 200` and `1000 200` stay apart.
    static func read(_ tokens: ArraySlice<Token>, context: ParseContext) -> Result<Reading, ReadFailure> {
        var index = tokens.startIndex
        guard index < tokens.endIndex else { return .failure(ReadFailure(failure: .notANumber, word: nil)) }
        var leading: CurrencyCode?
        if let symbol = context.symbols[tokens[index].text], index + 1 < tokens.endIndex,
            looksLikeAmount(tokens[index + 1].text, context: context)
        {
            leading = symbol
            index += 1
        }
        let first = tokens[index]
        var text = first.text
        index += 1
        if isShortGroup(first.text, context: context) {
            while index < tokens.endIndex, let complete = groupContinuation(tokens[index].text) {
                text += " " + tokens[index].text
                index += 1
                if complete { break }
            }
        }
        var parsed: Parsed
        switch parse(text, context: context) {
        case .success(let value): parsed = value
        case .failure(let failure): return .failure(ReadFailure(failure: failure, word: span(tokens[tokens.startIndex..<index])))
        }
        if index < tokens.endIndex, multipliers[tokens[index].folded] != nil, tokens[index].text != "b",
            case .success(let scaled) = parse(text + tokens[index].text, context: context)
        {
            parsed = scaled
            index += 1
        }
        if let leading { parsed.currency = leading }
        if parsed.currency == nil, index < tokens.endIndex, let symbol = context.symbols[tokens[index].text] {
            parsed.currency = symbol
            index += 1
        }
        let taken = tokens[tokens.startIndex..<index]
        return .success(Reading(parsed: parsed, consumed: taken.count, word: span(taken)))
    }

    /// A word that may begin space-separated groups: one to three digits, maybe after a sign or symbol.
    private static func isShortGroup(_ word: String, context: ParseContext) -> Bool {
        var rest = Substring(word)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        if let symbol = leadingSymbol(of: rest, context: context) { rest = rest.dropFirst(symbol.count) }
        return (1...3).contains(rest.count) && rest.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// For a word of exactly three digits, perhaps followed by other than digits (`234,56`,
    /// `234€`): whether it ends the number (true) or more groups may follow (false); nil otherwise.
    private static func groupContinuation(_ word: String) -> Bool? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 3 else { return nil }
        return digits.count < word.count
    }

    /// Words as one token spanning them.
    private static func span(_ words: ArraySlice<Token>) -> Token {
        // One word is itself: joining costs a generic instantiation a one-shot answer need not pay.
        if words.count == 1, let word = words.first { return word }
        return Token(words.map(\.text).joined(separator: " "), start: words.first!.start, end: words.last!.end)
    }
}
