extension LineOptions {
    /// Takes fx's options out of a line's tokens, wherever they stand, and gives back the other
    /// words. A command's own option (`history … --json`, `set … --save`), or another command's,
    /// is left to the grammar; one for a whole run, or none at all, is refused here with what to
    /// write instead.
    static func take(from tokens: [Token], tree: CommandTree, context: ParseContext) throws(UsageError) -> (LineOptions, [Token]) {
        // Most lines carry none: nothing is copied for them.
        guard tokens.contains(where: { $0.text.hasPrefix("--") && $0.text.count > 2 }) else { return (LineOptions(), tokens) }
        var options = LineOptions()
        var kept: [Token] = []
        var command: CommandSpec?
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            guard token.text.hasPrefix("--"), token.text.count > 2 else {
                if kept.isEmpty { command = tree.command(named: token.text) }
                kept.append(token)
                continue
            }
            if let command, command.options.contains(token.folded) {
                kept.append(token)
                continue
            }
            guard let name = OptionName.spelled(token.text) else {
                // Another command's (`100 usd eur --ledger`, `rate usd eur avg 2024 --partial`): the grammar judges it.
                if tree.commands.contains(where: { $0.options.contains(token.folded) }) {
                    kept.append(token)
                    continue
                }
                // The command's own first, then the line's, then any command's (`--ledgr` alone: `--ledger`).
                let known = (command?.options ?? []) + OptionName.onALine.map(\.spelling) + tree.commands.flatMap(\.options)
                throw UsageError(.unknownOption(token.text, suggestion: Suggestions.nearest(to: token.text, in: known)), at: token)
            }
            switch name.scope {
            case .hidden:
                throw UsageError(.unknownOption(token.text, suggestion: nil), at: token)
            case .run(let instead):
                throw UsageError(.runOption(name.spelling, instead: instead), at: token)
            case .line:
                break
            }
            guard let valueName = name.valueName else {
                switch name {
                case .json: options.json = true
                case .explain: options.explain = true
                default: options.noColor = true
                }
                continue
            }
            // `--source=boc`, and a value the tokenizer split (`previous-business-day`): the words touching.
            if index < tokens.endIndex, tokens[index].text == "=", tokens[index].start == token.end { index += 1 }
            guard index < tokens.endIndex, !tokens[index].text.hasPrefix("--") else {
                throw UsageError(.missingOptionValue(name.spelling, valueName: valueName), at: token)
            }
            var valueToken = tokens[index]
            index += 1
            while index < tokens.endIndex, tokens[index].start == valueToken.end {
                valueToken = Token(valueToken.text + tokens[index].text, start: valueToken.start, end: tokens[index].end)
                index += 1
            }
            try options.set(name, to: valueToken, context: context)
        }
        return (options, kept)
    }

    private mutating func set(_ name: OptionName, to value: Token, context: ParseContext) throws(UsageError) {
        switch name {
        case .source:
            let id = SourceID(value.folded)
            guard context.allSourceIDs.contains(id) else {
                throw UsageError(.unknownSource(value.text, known: context.allSourceIDs), at: value)
            }
            source = id
        case .rule:
            // A config may define more rules than the shipped ones: the name is looked up when used.
            guard RuleName.isWellFormed(value.folded) else {
                throw UsageError(.unknownSetting(value.text, known: RuleBook.shippedNames), at: value)
            }
            rule = RuleName(value.folded)
        default:
            guard let seconds = DurationParser.parse(value.text) else {
                throw UsageError(.malformedOptionValue(name.spelling, value: value.text), at: value)
            }
            maxAge = seconds
        }
    }
}
