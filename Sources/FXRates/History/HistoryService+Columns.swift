extension HistoryService {
    /// Every publication held of `codes`, from the first, for questions about many days at once
    /// (a CSV file's rows): asked once, then read in memory without a hop per day.
    /// `complete` says whether what is held reaches the source's first publication.
    public func columns(_ codes: Set<CurrencyCode>, only: SourceID? = nil) async throws(RateError) -> (
        history: RateHistory, provenance: Provenance, complete: Bool
    ) {
        let (entry, provenance) = try await history(reaching: nil, needing: codes, only: only)
        return (entry.history, provenance, entry.complete && provenance.origin != .builtIn)
    }
}
