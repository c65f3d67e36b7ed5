/// The latest rates of a snapshot as a `RateStore` that never writes: a service over it (offline)
/// answers from the snapshot's tables only, and a refresh or fetch cannot change them.
public struct SnapshotRateStore: RateStore {
    public let entries: [SourceID: CachedRates]

    public init(_ snapshot: Snapshot) {
        entries = snapshot.latest
    }

    public func load() -> StoreContents { StoreContents(entries: entries) }

    /// Nothing is written: the snapshot stays as it was saved.
    public func save(_ entry: CachedRates) throws(StoreError) {}
}

/// The live history cache as a snapshot refers to it: each source's history cut at the day
/// the snapshot recorded, with the recorded check time, and never written. A source the
/// snapshot recorded no history for has none.
public struct SnapshotHistoryStore: HistoryStore {
    let base: any HistoryStore
    let marks: [SourceID: Snapshot.HistoryMark]
    /// The snapshot's latest tables: one newer than the history's mark is a day the snapshot holds too.
    let latest: [SourceID: CachedRates]

    public init(over base: any HistoryStore, _ snapshot: Snapshot) {
        self.base = base
        marks = snapshot.history
        latest = snapshot.latest
    }

    public func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic]) {
        guard let mark = marks[source] else { return (nil, []) }
        let (entry, diagnostics) = base.load(source, currencies: currencies)
        guard let entry, let first = entry.history.first, first <= mark.lastDay else { return (nil, diagnostics) }
        var history = entry.history.restricted(to: first...mark.lastDay)
        // Saved after a refresh but before the history was asked again: the latest table is the
        // publication after the mark, and the snapshot answers that day too ("no rates on" it was wrong).
        if let table = latest[source]?.table, table.date > mark.lastDay, table.base == history.base {
            let rates = currencies.map { wanted in table.rates.filter { wanted.contains($0.key) } } ?? table.rates
            history = history.merging(RateHistory(base: table.base, tables: [RateTable(base: table.base, date: table.date, rates: rates)]))
        }
        let cut = CachedHistory(
            source: source, history: history, complete: entry.complete, fetchedAt: mark.checkedAt, checkedAt: mark.checkedAt)
        return (cut, diagnostics)
    }

    /// Nothing is written; the entry is given back as it came.
    public func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory { entry }
}

/// A usage record that counts nothing: a snapshot asks no source.
public struct NoUsageStore: UsageStore {
    public init() {}
    public func load() -> [SourceID: SourceUsage] { [:] }
    public func record(_ result: RequestResult, requests: Int, for source: SourceID, at date: Date) {}
}

/// A clock stopped at one instant: a snapshot's answers are judged at the time it was saved,
/// so "yesterday" and "how old" mean the same on every run.
public struct StoppedClock: WallClock {
    public let instant: Date
    public init(_ instant: Date) { self.instant = instant }
    public func now() -> Date { instant }
}
