/// TAB completion for calculator lines: after an operator a variable, after money the target
/// keywords and currencies, after `%` `of` and `fee`, after `on` the date words.
extension CalculatorGrammar {
    static let operators: Set<String> = ["+", "-", "*", "×", "/", "÷", "(", "="]

    static func completion(_ tokens: [Token], _ context: ParseContext) -> [CompletionKind] {
        guard let last = tokens.last else { return [.commands, .variables] }
        let folded = last.folded
        if folded == "at" { return [.keywords(DateGrammar.words)] }
        // After `on`, the date words so far decide: `on last ` offers weekdays, `on end of ` months.
        if let on = tokens.lastIndex(where: { $0.folded == "on" }) {
            return [.keywords(DateGrammar.completion(after: Array(tokens[(on + 1)...])))]
        }
        if folded == "%" { return [.keywords(["of", "fee"])] }
        if folded == "of" { return [.variables] }
        if folded == "fee" { return [.keywords(["on", "at"])] }
        if ["to", "in", "into", "as", "->", "→", ",", "and", "for", "from"].contains(folded) { return [.currencies] }
        // `100 usd/` names a target; after any other operator comes a term.
        if folded == "/", tokens.count >= 2, context.code(of: tokens[tokens.count - 2]) != nil { return [.currencies] }
        if operators.contains(folded) { return [.variables] }
        // The term after the last operator reads like a conversion line of its own.
        let start = tokens.lastIndex { operators.contains($0.text) }.map { $0 + 1 } ?? 0
        var segment = Array(tokens[start...])
        // `-12.5 usd`: the sign written against the number.
        if let sign = segment.first, sign.text == "-" || sign.text == "+", segment.count > 1, segment[1].start == sign.end {
            segment = [Token(sign.text + segment[1].text, start: sign.start, end: segment[1].end)] + segment.dropFirst(2)
        }
        guard let first = segment.first else { return [.variables] }
        if context.variables.contains(first.text) || first.folded == "ans" {
            return segment.count == 1
                ? [.keywords(["in", "to"]), .currencies] : ConvertGrammar.completion([first, first] + segment.dropFirst(), context)
        }
        if start == 0, segment.count == 1, context.code(of: first) != nil, context.symbols[first.text] == nil {
            return [.keywords(["for"]), .currencies]
        }
        return ConvertGrammar.completion(segment, context)
    }
}
