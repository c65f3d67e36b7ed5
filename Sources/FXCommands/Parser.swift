/// Turns a line into a `Command`: tokenize, pick the command by its first word (or recognise a
/// calculation by a leading amount, currency, date or variable), then let that grammar read the rest.
public struct Parser: Sendable {
    public let tree: CommandTree
    public let context: ParseContext

    public init(tree: CommandTree = CommandTree(), context: ParseContext = ParseContext()) {
        self.tree = tree
        self.context = context
    }

    /// The command on `line`, or nil for a blank line or a comment.
    public func parse(_ line: String) throws(UsageError) -> Command? {
        var understood: [Understood] = []
        return try parse(line, understood: &understood)
    }

    /// As `parse(_:)`, also saying what names, symbols and units were read as (`Understood`).
    /// A line that carries options is refused here: only `parse(_:understood:options:)` applies them.
    public func parse(_ line: String, understood: inout [Understood]) throws(UsageError) -> Command? {
        var options = LineOptions()
        let command = try parse(line, understood: &understood, options: &options)
        if !options.isEmpty, let word = Tokenizer.tokenize(line).first(where: { OptionName.spelled($0.text) != nil }) {
            throw UsageError(.misplacedOption(word.text), at: word)
        }
        return command
    }

    /// As `parse(_:understood:)`, also reading the options the line carries (`--json`, `--source
    /// boc`), wherever they stand, into `options`.
    public func parse(_ line: String, understood: inout [Understood], options: inout LineOptions) throws(UsageError) -> Command? {
        let (carried, words) = try LineOptions.take(from: Tokenizer.tokenize(line), tree: tree, context: context)
        options = carried
        var phrased = Phrasing.Result(tokens: words)
        Phrasing.normalize(&phrased, context: context, tree: tree)
        let tokens = phrased.tokens
        if phrased.rewrote { understood = self.understood(phrased) }
        guard let first = tokens.first else { return nil }
        if let spec = tree.command(named: first.text) {
            // `vars = 2`: an assignment to a command's name is refused as a name, not read as the command.
            if tokens.dropFirst().first?.text == "=" { return try CalculatorGrammar.parse(tokens[...], context: context) }
            return try spec.parse(tokens.dropFirst(), first, context)
        }
        // `btc eur > 60000`: a comparison after a pair (before the calculator, which has no comparisons).
        if let condition = try ConditionGrammar.parse(tokens[...], context: context) { return .condition(condition) }
        if CalculatorGrammar.starts(tokens, context: context) {
            return try CalculatorGrammar.parse(tokens[...], context: context)
        }
        throw UsageError(.unknownCommand(first.text, suggestion: tree.suggestion(for: first.text)), at: first)
    }
}
