/// A source's history as kept between runs, with what the service needs to judge it.
public struct CachedHistory: Sendable, Equatable {
    public var source: SourceID
    public var history: RateHistory
    /// Reaches back to the source's first publication, so any older date has no rate at all.
    public var complete: Bool
    /// When the newest data arrived, and when the source last had nothing newer.
    public var fetchedAt: Date
    public var checkedAt: Date

    public init(source: SourceID, history: RateHistory, complete: Bool, fetchedAt: Date, checkedAt: Date? = nil) {
        self.source = source
        self.history = history
        self.complete = complete
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt ?? fetchedAt
    }

    /// Holds every publication from the last working day on or before `day` onward (as far as it goes).
    public func reaches(back day: Day?) -> Bool {
        if complete { return true }
        guard let day, let first = history.first else { return false }
        return first <= TargetCalendar.workingDay(onOrBefore: day)
    }
}

/// Where histories live between runs: apart from the small latest-rates file, so that a
/// conversion never pays for reading them.
public protocol HistoryStore: Sendable {
    /// The stored history of `source`, with only `currencies` read (all when nil).
    func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic])
    /// Lays `entry` over what is stored now (another process may have added to it) and saves the result.
    func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory
}

package enum HistoryMerge {
    /// `newer` over `older`: days of `newer` win, the union of days is kept.
    package static func lay(_ newer: CachedHistory, over older: CachedHistory) -> CachedHistory {
        var merged = newer
        merged.history = older.history.merging(newer.history)
        merged.complete = newer.complete || older.complete
        merged.fetchedAt = later(newer.fetchedAt, older.fetchedAt)
        merged.checkedAt = later(newer.checkedAt, older.checkedAt)
        return merged
    }

    /// The later stamp, but one more than a minute ahead of the stamp being written now came from
    /// a clock since moved back: kept, it would make the history look checked in the future.
    private static func later(_ newer: Date, _ older: Date) -> Date {
        older > newer + 60 ? newer : max(newer, older)
    }
}
