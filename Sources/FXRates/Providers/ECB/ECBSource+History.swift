extension ECBSource: HistorySource {
    /// The 90-day file reaches back 90 calendar days; a few days' margin for its publication lag.
    static let recentFileReach = 85

    /// Since a recent day: the 90-day XML (≈75 KB). Otherwise, or from the start: the whole
    /// history as a zipped CSV (≈0.6 MB), fetched once and then kept up to date from the 90-day file.
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        if let start, start >= today.adding(days: -Self.recentFileReach) {
            return RateHistory(base: .eur, tables: try await fetchRecent())
        }
        let csv = try await files.historyCSV(endpoint.request("eurofxref-hist.zip", maxBytes: 16 << 20))
        let history = try ECBHistoryCSV.history(csv)
        if let last = history.last, last > today.adding(days: 1) { throw .futureDate(last) }
        return history
    }
}
