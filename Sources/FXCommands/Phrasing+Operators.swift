/// Operators written as words, in the calculator.
extension Phrasing {
    /// `plus`, `minus`, `times`, `divided by`, and `with` before a fee, where no variable has the name.
    static func operatorWords(_ tokens: inout [Token], from start: Int, context: ParseContext) {
        var index = max(start, 1)
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard !context.variables.contains(token.text), tokens[safe: index + 1]?.text != "=" else { continue }
            let symbol: String?
            switch token.folded {
            case "plus": symbol = "+"
            case "minus": symbol = "-"
            case "times", "multiplied": symbol = "*"
            case "divided": symbol = "/"
            case "with", "including", "incl":
                // `with a 2% fee`: the article goes.
                if tokens[safe: index + 1]?.folded == "a", isFee(tokens, at: index + 2) { tokens.remove(at: index + 1) }
                symbol = isFee(tokens, at: index + 1) ? "+" : nil
            default: symbol = nil
            }
            guard let symbol else { continue }
            tokens[index] = Token(symbol, start: token.start, end: token.end)
            if ["divided", "multiplied"].contains(token.folded), tokens[safe: index + 1]?.folded == "by" {
                tokens.remove(at: index + 1)
            }
        }
    }

    /// `2% fee`, `5 usd fee` at `index`.
    static func isFee(_ tokens: [Token], at index: Int) -> Bool {
        tokens[safe: index + 2]?.folded == "fee" && tokens[safe: index + 1] != nil
    }
}
