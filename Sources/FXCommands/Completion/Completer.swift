/// One thing TAB can offer: the text to insert and, for currencies, a name to show beside it.
public struct Candidate: Equatable, Sendable {
    public let text: String
    public let detail: String?

    public init(_ text: String, detail: String? = nil) {
        self.text = text
        self.detail = detail
    }
}

/// What TAB at a cursor position offers: the word being completed and its candidates.
public struct Completion: Equatable, Sendable {
    /// Character offset where the word under completion starts; it runs to the cursor.
    public let wordStart: Int
    /// What has been typed of that word.
    public let partial: String
    public let candidates: [Candidate]

    /// The longest text every candidate starts with (case-insensitively), in the candidates' case.
    public var commonPrefix: String {
        guard var prefix = candidates.first?.text else { return "" }
        for candidate in candidates.dropFirst() {
            let shared = zip(prefix.lowercased(), candidate.text.lowercased()).prefix { $0 == $1 }.count
            prefix = String(prefix.prefix(shared))
        }
        return prefix
    }
}

/// The kinds of word a grammar position accepts, as each command declares them.
public enum CompletionKind: Equatable, Sendable {
    case commands
    case currencies
    case keywords([String])
    case sources
    /// Every source fx knows, enabled or not.
    case allSources
    /// This session's variables and `ans`.
    case variables
    /// The saved snapshots' names, read from the data directory at each TAB.
    case snapshots
    /// A file's path (`csv <file>`, `-o <file>`): the whole word typed, slashes and `~` in it.
    case files
    /// The user's aliases (`set alias <name>`), each showing the code it means.
    case aliases
}

/// TAB completion as a pure function of (line, cursor): the same tokenizer and command tree
/// as the parser, reading only up to the cursor.
public struct Completer: Sendable {
    public let tree: CommandTree
    public let context: ParseContext

    public init(tree: CommandTree = CommandTree(), context: ParseContext = ParseContext()) {
        self.tree = tree
        self.context = context
    }

    /// `cursor` counts characters from the start of `line`.
    public func complete(line: String, cursor: Int) -> Completion {
        let beforeCursor = String(line.prefix(max(0, cursor)))
        var tokens = Tokenizer.tokenize(beforeCursor)
        var partial = ""
        var wordStart = beforeCursor.count
        // Inside a comment there is nothing to complete.
        if beforeCursor.dropFirst(tokens.last?.end ?? 0).contains("#") {
            return Completion(wordStart: wordStart, partial: "", candidates: [])
        }
        if let files = files(beforeCursor, tokens) { return files }
        if let last = tokens.last, last.end == beforeCursor.count, !Self.separators.contains(last.text) {
            partial = last.text
            wordStart = last.start
            tokens.removeLast()
        }
        if let options = optionCandidates(after: tokens, partial: partial) {
            return Completion(wordStart: wordStart, partial: partial, candidates: options)
        }
        let kinds = optionValueKinds(after: tokens) ?? expected(after: Self.withoutLineOptions(tokens, tree: tree))
        return Completion(wordStart: wordStart, partial: partial, candidates: candidates(for: kinds, matching: partial))
    }

    /// Where a path goes, the word is all that follows the last space (`~/Downloads/sta`), not
    /// the last token (`sta`): the paths it may complete to, or nil where no path goes.
    private func files(_ beforeCursor: String, _ tokens: [Token]) -> Completion? {
        let start =
            beforeCursor.lastIndex(where: \.isWhitespace).map { beforeCursor.distance(from: beforeCursor.startIndex, to: $0) + 1 } ?? 0
        let before = tokens.filter { $0.end <= start }
        guard !before.isEmpty, expected(after: before).contains(.files) else { return nil }
        let typed = String(beforeCursor.dropFirst(start))
        return Completion(wordStart: start, partial: typed, candidates: context.filePaths(typed).map { Candidate($0) })
    }

    /// Tokens that end a word by themselves: after them a new word starts.
    private static let separators: Set<String> = ["/", ",", "->", "→"]

    /// What may follow `tokens`, the complete words before the one under the cursor.
    func expected(after tokens: [Token]) -> [CompletionKind] {
        guard let first = tokens.first else { return [.commands, .variables] }
        if let spec = tree.command(named: first.text) {
            return spec.completion(Array(tokens.dropFirst()), context)
        }
        if CalculatorGrammar.starts(tokens, context: context) {
            return CalculatorGrammar.completion(tokens, context)
        }
        // `fifty ⇥`, `a hundred ⇥`: an amount in words, before its currency.
        if Phrasing.isAmountInWords(tokens, context: context) { return [.currencies] }
        return []
    }

    private func candidates(for kinds: [CompletionKind], matching partial: String) -> [Candidate] {
        let folded = partial.lowercased()
        var result: [Candidate] = []
        for kind in kinds {
            switch kind {
            case .commands:
                // One candidate per command: its name, or the alias the typed prefix matches.
                for spec in tree.commands {
                    if let name = spec.names.first(where: { $0.count > 1 && $0.hasPrefix(folded) }) {
                        result.append(Candidate(name, detail: spec.summary))
                    }
                }
            case .keywords(let words):
                result += words.map { Candidate($0) }
            case .sources:
                result += context.sourceIDs.map { Candidate($0.rawValue) }
            case .allSources:
                result += context.allSourceIDs.map { Candidate($0.rawValue) }
            case .variables:
                result += context.variables.sorted().map { Candidate($0, detail: "variable") }
            case .snapshots:
                result += context.snapshotNames().map { Candidate($0, detail: "snapshot") }
            case .files:
                break
            case .aliases:
                result += aliasCandidates(matching: folded)
            case .currencies:
                // Only the currencies the rate data covers, unless none of them match: the rest of
                // ISO 4217 would just add candidates that cannot be priced.
                let preferred = context.preferredCodes.sorted().filter { $0.rawValue.lowercased().hasPrefix(folded) }
                let othersMatched = result.contains { $0.text.lowercased().hasPrefix(folded) }
                let codes = preferred.isEmpty && !othersMatched ? context.catalog.all.map(\.code) : preferred
                // ISO 4217's name, else an asset's (BTC  Bitcoin); a code neither knows (IMP) shows alone.
                result += codes.map { Candidate($0.rawValue, detail: context.catalog[$0]?.name ?? AssetCatalog.standard[$0]?.name) }
                // `dol⇥`: names where no code matches, each showing the code it means.
                if folded.count >= 2, !codes.contains(where: { $0.rawValue.lowercased().hasPrefix(folded) }) {
                    // The user's own names first: they are read before fx's of the same spelling.
                    result += aliasCandidates(matching: folded) + nameCandidates(matching: folded)
                }
            }
        }
        var seen = Set<String>()
        return result.filter { $0.text.lowercased().hasPrefix(folded) && seen.insert($0.text).inserted }
    }

    /// Aliases starting with `prefix`, with the code each means: `quid  GBP (Pound Sterling), your alias`.
    private func aliasCandidates(matching prefix: String) -> [Candidate] {
        context.aliases.keys.sorted().filter { $0.hasPrefix(prefix) }.map { alias in
            let code = context.aliases[alias]!
            return Candidate(alias, detail: (context.catalog[code].map { "\(code) (\($0.name))" } ?? code.rawValue) + ", your alias")
        }
    }

    /// Names of one word starting with `prefix`, with the code each means: `dollars  USD (US Dollar)`.
    private func nameCandidates(matching prefix: String) -> [Candidate] {
        let names = CurrencyNames.standard
        return names.allNames.filter { $0.hasPrefix(prefix) && !$0.contains(" ") }.compactMap { name in
            guard let reading = names.reading(of: name, home: context.home) else { return nil }
            let detail = context.catalog[reading.code].map { "\(reading.code) (\($0.name))" } ?? reading.code.rawValue
            return Candidate(name, detail: detail)
        }
    }
}
