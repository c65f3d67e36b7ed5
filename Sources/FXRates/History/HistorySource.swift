/// A provider that can answer "every publication since a day": the ECB's history files, or
/// Frankfurter's time series.
public protocol HistorySource: Sendable {
    var id: SourceID { get }
    var name: String { get }
    /// Every publication from `start` to the latest (from the very first when `start` is nil),
    /// in one base currency. The source chooses the cheapest request that reaches back far enough.
    func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory
    /// The earliest instant at which a publication newer than `day` can exist.
    func nextPublication(after day: Day) -> Date
    /// The source's first publication: a history reaching it is complete.
    var firstPublication: Day { get }
}

extension HistorySource {
    /// The euro reference rates began on the first working day of 1999.
    public var firstPublication: Day { Day(year: 1999, month: 1, day: 4)! }
}
