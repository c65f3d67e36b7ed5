extension CommandSpec {
    public static let refresh = CommandSpec(
        name: "refresh", aliases: [],
        summary: "Fetch the latest rates now",
        synopsis: "refresh [<source>...]",
        discussion: """
            Asks each source (or those named) for its latest rates, whatever the schedule says,
            and reports what changed. Without a network, says why and keeps the cache as it was.
            """,
        examples: ["refresh", "refresh ecb"],
        parse: { arguments, _, context throws(UsageError) in
            var ids: [SourceID] = []
            for token in arguments where token.text != "," {
                guard let id = context.sourceIDs.first(where: { $0.rawValue == token.folded }) else {
                    throw UsageError(.unknownSource(token.text, known: context.sourceIDs), at: token)
                }
                ids.append(id)
            }
            return .refresh(ids)
        },
        completion: { _, _ in [.sources] }
    )
}
