extension HistoryService {
    /// Every publication held of `codes`, for questions about many days at once (a CSV file's
    /// rows): asked once, then read in memory without a hop per day. From `day` on when given (a
    /// named rule's window: what is held is checked, and only what is missing asked), else from
    /// the first. `complete` says whether what is held reaches the source's first publication.
    public func columns(_ codes: Set<CurrencyCode>, only: SourceID? = nil, reaching day: Day? = nil) async throws(RateError) -> (
        history: RateHistory, provenance: Provenance, complete: Bool
    ) {
        let (entry, provenance) = try await history(reaching: day, needing: codes, only: only)
        return (entry.history, provenance, entry.complete && provenance.origin != .builtIn)
    }
}
