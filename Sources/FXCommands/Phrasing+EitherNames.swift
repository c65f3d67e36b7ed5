/// Names two currencies share with no default (`cfa francs`: XOF or XAF).
extension Phrasing {
    /// As a target (`100 eur in cfa francs`), both currencies are answered; elsewhere the name
    /// stays, and the grammar asks which (`UsageError.Kind.eitherCurrency`).
    static func eitherNames(_ tokens: inout [Token], from start: Int, context: ParseContext, read: inout [Understood]) {
        var index = max(start, 1)
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard !context.variables.contains(token.text), context.aliases[token.folded] == nil,
                let codes = CurrencyNames.eitherCodes(of: token.folded),
                ["in", "to", "into", "as", "->", "→", "=", ",", "and"].contains(tokens[index - 1].folded)
            else { continue }
            read.append(.currencies(word: token.text, codes: codes))
            var written: [Token] = []
            for code in codes {
                // The first holds the name's columns; those written in after it have no width.
                if !written.isEmpty { written.append(Token(",", start: token.end, end: token.end)) }
                let columns = written.isEmpty ? (token.start, token.end) : (token.end, token.end)
                written.append(Token(code.rawValue, start: columns.0, end: columns.1))
            }
            tokens.replaceSubrange(index...index, with: written)
            index += written.count - 1
        }
    }
}
