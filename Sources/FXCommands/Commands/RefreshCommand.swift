extension CommandSpec {
    public static let refresh = CommandSpec(
        name: "refresh", aliases: [],
        summary: "Fetch the latest rates now",
        synopsis: "refresh [<source>...] [--force]",
        discussion: """
            Asks each source (or those named) for its latest rates, whatever the schedule says,
            and reports what changed. Without a network, says why and keeps the cache as it was.
            A source that failed lately is asked at once; one whose server asked for no request
            until a time is not, unless --force says to (refresh --force ecb).
            """,
        examples: ["refresh", "refresh ecb", "refresh --force ecb"],
        options: ["--force"],
        parse: { arguments, _, context throws(UsageError) in
            var ids: [SourceID] = []
            let force = arguments.contains { $0.folded == "--force" }
            for token in arguments where token.text != "," && token.folded != "--force" {
                guard let id = context.sourceIDs.first(where: { $0.rawValue == token.folded }) else {
                    throw UsageError(.unknownSource(token.text, known: context.sourceIDs), at: token)
                }
                ids.append(id)
            }
            return .refresh(ids, force: force)
        },
        completion: { _, _ in [.sources] }
    )
}
