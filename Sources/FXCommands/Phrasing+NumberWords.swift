/// Amounts written as words (`fifty quid`, `a hundred dollars`, `twenty-five euros`, `half a
/// million yen`, `an ounce of gold`): the words become the numeral, said in `understood`.
extension Phrasing {
    /// Rewrites each run of number words that stands before a currency, a weight of metal or an
    /// asset's unit; elsewhere (`three days ago`, a variable named `one`) the words stay.
    static func numberWords(_ tokens: inout [Token], from start: Int, context: ParseContext, read: inout [Understood]) {
        var index = start
        while index < tokens.count {
            defer { index += 1 }
            let first = tokens[index]
            guard NumberWords.starts(first.folded), !context.variables.contains(first.text), tokens[safe: index + 1]?.text != "=" else {
                continue
            }
            // The words from here, a `-` that joins two words (`twenty-five`) left out, and the
            // token after each word.
            var words: [String] = [], ends: [Int] = []
            var position = index
            while position < tokens.count, words.count < 16 {
                let token = tokens[position]
                if token.text == "-", let before = tokens[safe: position - 1], let after = tokens[safe: position + 1],
                    position > index, before.end == token.start, token.end == after.start
                {
                    position += 1
                    continue
                }
                guard token.text.first?.isLetter == true else { break }
                words.append(token.folded)
                ends.append(position + 1)
                position += 1
            }
            let value: Decimal, end: Int
            if let found = NumberWords.read(words) {
                (value, end) = (found.value, ends[found.count - 1])
            } else if ["a", "an"].contains(first.folded), isWeight(tokens, at: index + 1, context: context) {
                // `an ounce of gold`: one of the unit.
                (value, end) = (1, index + 1)
            } else {
                continue
            }
            guard end < tokens.count, isCurrency(tokens[end], context: context) || isWeight(tokens, at: end, context: context) else {
                continue
            }
            let last = tokens[end - 1]
            let typed = tokens[index..<end].map(\.text)
            read.append(.number(words: joinedWords(typed), value: value))
            tokens.replaceSubrange(index..<end, with: [Token("\(value)", start: first.start, end: last.end)])
        }
    }

    /// Whether `tokens` are all number words (`fifty`, `twenty-five`, `a hundred`): an amount
    /// in words, which a currency follows (for TAB).
    static func isAmountInWords(_ tokens: [Token], context: ParseContext) -> Bool {
        guard let first = tokens.first, !context.variables.contains(first.text) else { return false }
        var words: [String] = []
        for (index, token) in tokens.enumerated() {
            if token.text == "-", index > 0, index + 1 < tokens.count { continue }
            guard token.text.first?.isLetter == true else { return false }
            words.append(token.folded)
        }
        return NumberWords.read(words)?.count == words.count
    }

    /// A currency or an asset's unit (`sats`) at the token.
    private static func isCurrency(_ token: Token, context: ParseContext) -> Bool {
        if context.code(of: token) != nil { return true }
        let folded = token.folded
        return AssetCatalog.standard.units.contains { $0.word == folded || $0.word + "s" == folded }
    }

    /// A weight unit before a metal at `index` (`ounce of gold`, `grams silver`, `troy ounces of gold`).
    private static func isWeight(_ tokens: [Token], at index: Int, context: ParseContext) -> Bool {
        guard let unitToken = tokens[safe: index], unit(unitToken.folded) != nil else { return false }
        var metalAt = index + 1
        if unitToken.folded == "troy" { metalAt += 1 }
        if tokens[safe: metalAt]?.folded == "of" { metalAt += 1 }
        guard let metal = tokens[safe: metalAt], let code = context.code(of: metal) else { return false }
        return metals.contains(code.rawValue)
    }

    /// `twenty - five` as typed: `twenty-five`.
    private static func joinedWords(_ texts: [String]) -> String {
        var joined = ""
        for (offset, text) in texts.enumerated() {
            let glued = text == "-" || texts[safe: offset - 1] == "-"
            joined += joined.isEmpty || glued ? text : " " + text
        }
        return joined
    }
}
