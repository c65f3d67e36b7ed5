extension Completer {
    /// What TAB offers for a word that starts with `--`: the command's own options, then those
    /// every line takes, each with what it does; nil for any other word.
    func optionCandidates(after tokens: [Token], partial: String) -> [Candidate]? {
        guard partial.hasPrefix("--") else { return nil }
        let own = tokens.first.flatMap { tree.command(named: $0.text) }?.options ?? []
        let typed = Set(tokens.map(\.folded))
        let candidates =
            own.map { Candidate($0) }
            + OptionName.onALine.filter { !own.contains($0.spelling) }.map { option in
                Candidate(option.spelling, detail: option.brief)
            }
        let folded = partial.lowercased()
        return candidates.filter { $0.text.hasPrefix(folded) && !typed.contains($0.text) }
    }

    /// What the value of a line's option may be, when the word before the cursor is one (`--source ⇥`).
    func optionValueKinds(after tokens: [Token]) -> [CompletionKind]? {
        guard let last = tokens.last, let option = OptionName.spelled(last.text), option.scope == .line,
            !(tokens.first.flatMap { tree.command(named: $0.text) }?.options.contains(last.folded) ?? false)
        else { return nil }
        switch option {
        case .source: return [.allSources]
        case .rule: return [.keywords(RuleBook.shippedNames)]
        case .maxAge: return [.keywords(["1h", "12h", "1d", "2d", "1w"])]
        default: return nil
        }
    }

    /// The words without the line's options and their values, as the grammar reads them.
    static func withoutLineOptions(_ tokens: [Token], tree: CommandTree) -> [Token] {
        guard tokens.contains(where: { $0.text.hasPrefix("--") }) else { return tokens }
        let own = tokens.first.flatMap { tree.command(named: $0.text) }?.options ?? []
        var kept: [Token] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard !own.contains(token.folded), let option = OptionName.spelled(token.text), option.scope == .line else {
                kept.append(token)
                continue
            }
            guard option.valueName != nil, index < tokens.count else { continue }
            // The value, and what touches it (`previous-business-day` is five tokens).
            var end = tokens[index].end
            index += 1
            while index < tokens.count, tokens[index].start == end {
                end = tokens[index].end
                index += 1
            }
        }
        return kept
    }
}
