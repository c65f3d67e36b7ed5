/// A source's history as kept between runs, with what the service needs to judge it.
public struct CachedHistory: Sendable, Equatable {
    public var source: SourceID
    public var history: RateHistory
    /// Reaches back to the source's first publication, so any older date has no rate at all.
    public var complete: Bool
    /// When the newest data arrived, and when the source last had nothing newer.
    public var fetchedAt: Date
    public var checkedAt: Date
    /// For a source asked currency by currency (Frankfurter's `quotes=`): the days each currency
    /// was asked over, so that a currency is never answered from days fetched without it. Nil when
    /// every currency was asked over the whole history (every other source, and older files).
    public var asked: [CurrencyCode: ClosedRange<Day>]?
    /// For a history asked currency by currency: the days over which every currency the source
    /// serves was asked (a whole day's table, `rate usd on 2024-03-01`), so that such a question
    /// is answered from what is held; nil when no whole table was asked.
    public var askedWhole: ClosedRange<Day>?

    public init(
        source: SourceID, history: RateHistory, complete: Bool, fetchedAt: Date, checkedAt: Date? = nil,
        asked: [CurrencyCode: ClosedRange<Day>]? = nil, askedWhole: ClosedRange<Day>? = nil
    ) {
        self.source = source
        self.history = history
        self.complete = complete
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt ?? fetchedAt
        self.asked = asked
        self.askedWhole = askedWhole
    }

    /// Whether `code` is held from `day` to the newest day any currency was asked through: always
    /// for a history asked whole (`reaches(back:)` judges those).
    public func holds(_ code: CurrencyCode, from day: Day) -> Bool {
        guard let asked, code != history.base else { return true }
        guard let span = asked[code], let newest = asked.values.map(\.upperBound).max() else { return false }
        return span.lowerBound <= day && span.upperBound >= newest
    }

    /// Holds every currency's rows from `day` to the newest day any currency was asked through:
    /// a whole table may be answered (for a history asked whole, `reaches(back:)` judges).
    public func holdsWhole(from day: Day) -> Bool {
        guard let asked else { return reaches(back: day) }
        guard let whole = askedWhole else { return false }
        let newest = asked.values.map(\.upperBound).max() ?? whole.upperBound
        return whole.lowerBound <= day && whole.upperBound >= newest
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
        merged.history = older.history.merging(newer.history, keepingOtherColumns: newer.asked != nil)
        merged.asked = layAsked(newer, over: older)
        merged.askedWhole = layWhole(newer, over: older)
        merged.complete = newer.complete || older.complete
        merged.fetchedAt = later(newer.fetchedAt, older.fetchedAt)
        merged.checkedAt = later(newer.checkedAt, older.checkedAt)
        return merged
    }

    /// Each currency's asked days: a span joins the older one it overlaps or adjoins; one apart
    /// from it replaces it (the days between were never asked). A history asked whole has every
    /// column asked over all its days.
    static func layAsked(_ newer: CachedHistory, over older: CachedHistory) -> [CurrencyCode: ClosedRange<Day>]? {
        guard newer.asked != nil || older.asked != nil else { return nil }
        func spans(_ entry: CachedHistory) -> [CurrencyCode: ClosedRange<Day>] {
            if let asked = entry.asked { return asked }
            guard let first = entry.history.first, let last = entry.history.last else { return [:] }
            return entry.history.columns.mapValues { _ in first...last }
        }
        var merged = spans(older)
        for (code, span) in spans(newer) {
            if let old = merged[code], old.lowerBound.adding(days: -1) <= span.upperBound,
                span.lowerBound.adding(days: -1) <= old.upperBound
            {
                merged[code] = min(old.lowerBound, span.lowerBound)...max(old.upperBound, span.upperBound)
            } else {
                merged[code] = span
            }
        }
        return merged
    }

    /// The days over which every currency was asked, as `layAsked` joins each currency's; nil
    /// for a history asked whole (`asked` nil), where every currency was asked over all its days.
    static func layWhole(_ newer: CachedHistory, over older: CachedHistory) -> ClosedRange<Day>? {
        guard newer.asked != nil || older.asked != nil else { return nil }
        func whole(_ entry: CachedHistory) -> ClosedRange<Day>? {
            guard entry.asked == nil else { return entry.askedWhole }
            return entry.history.first.flatMap { first in entry.history.last.map { first...$0 } }
        }
        guard let new = whole(newer) else { return whole(older) }
        guard let old = whole(older), old.lowerBound.adding(days: -1) <= new.upperBound,
            new.lowerBound.adding(days: -1) <= old.upperBound
        else { return new }
        return min(old.lowerBound, new.lowerBound)...max(old.upperBound, new.upperBound)
    }

    /// The later stamp, but one more than a minute ahead of the stamp being written now came from
    /// a clock since moved back: kept, it would make the history look checked in the future.
    private static func later(_ newer: Date, _ older: Date) -> Date {
        older > newer + 60 ? newer : max(newer, older)
    }
}
