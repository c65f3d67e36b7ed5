extension CommandSpec {
    public static let sources = CommandSpec(
        name: "sources", aliases: ["source", "src"],
        summary: "Show the rate sources and choose which are asked",
        synopsis: "sources [enable <id> | disable <id> | order <id>... | compare <base> <quote> [on <date>]]",
        discussion: """
            Without words, a table of every source: whether it is enabled and has its key, its base
            and currencies, the date of its rates and when they were fetched, when it publishes next,
            and this month's requests, wasted requests (nothing new came back) and last error.
            'enable', 'disable' and 'order' change the config file; 'compare' shows each source's
            rate for a pair, their median, and how far each one is from it; with 'on <date>', each
            history's rate on that day.
            """,
        examples: [
            "sources", "sources disable ecb", "sources enable ecb", "sources order ecb", "sources compare usd jpy",
            "sources compare usd cad on 2024-03-01",
        ],
        parse: { arguments, command, context throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command, dateOrder: context.dateOrder)
            guard let verb = cursor.next() else { return .sources(.list) }
            func source(_ token: Token) throws(UsageError) -> SourceID {
                guard let id = context.allSourceIDs.first(where: { $0.rawValue == token.folded }) else {
                    throw UsageError(.unknownSource(token.text, known: context.allSourceIDs), at: token)
                }
                return id
            }
            let action: SourcesAction
            switch verb.folded {
            case "enable", "on", "disable", "off":
                guard let token = cursor.next() else { throw UsageError(.missingSource(after: verb.text), span: nil) }
                let id = try source(token)
                action = ["enable", "on"].contains(verb.folded) ? .enable(id) : .disable(id)
            case "order":
                var ids: [SourceID] = []
                while let token = cursor.next() {
                    if token.text != "," { ids.append(try source(token)) }
                }
                guard !ids.isEmpty else { throw UsageError(.missingSource(after: verb.text), span: nil) }
                action = .order(ids)
            case "compare":
                guard let baseToken = cursor.next() else { throw UsageError(.missingCurrency(after: verb.text), span: nil) }
                let base = try context.currency(baseToken).get()
                _ = cursor.skip(["/"]) || cursor.skip(targetKeywords)
                guard let quoteToken = cursor.next() else { throw UsageError(.missingTarget(after: cursor.last.text), span: nil) }
                let quote = try context.currency(quoteToken).get()
                guard base != quote else { throw UsageError(.samePair(base), at: quoteToken) }
                action = .compare(base, quote, on: try DateGrammar.parseEnd(&cursor))
            default:
                throw UsageError(.unexpectedWord(verb.text, command: command.text), at: verb)
            }
            if let extra = cursor.next() { throw UsageError(.unexpectedWord(extra.text, command: command.text), at: extra) }
            return .sources(action)
        },
        completion: { arguments, _ in
            guard let verb = arguments.first else { return [.keywords(["enable", "disable", "order", "compare"])] }
            switch verb.folded {
            case "enable", "disable", "on", "off": return arguments.count == 1 ? [.allSources] : []
            case "order": return [.allSources]
            case "compare":
                if arguments.count <= 2 { return [.currencies] }
                guard let keyword = arguments.firstIndex(where: { $0.folded == "on" }) else {
                    return arguments.count == 3 ? [.keywords(["on"])] : []
                }
                return [.keywords(DateGrammar.completion(after: Array(arguments[(keyword + 1)...])))]
            default: return []
            }
        }
    )
}
