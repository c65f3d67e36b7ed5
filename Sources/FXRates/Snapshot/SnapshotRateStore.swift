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

    public init(over base: any HistoryStore, _ snapshot: Snapshot) {
        self.base = base
        marks = snapshot.history
    }

    public func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic]) {
        guard let mark = marks[source] else { return (nil, []) }
        let (entry, diagnostics) = base.load(source, currencies: currencies)
        guard let entry, let first = entry.history.first, first <= mark.lastDay else { return (nil, diagnostics) }
        let cut = CachedHistory(
            source: source, history: entry.history.restricted(to: first...mark.lastDay), complete: entry.complete,
            fetchedAt: mark.checkedAt, checkedAt: mark.checkedAt)
        return (cut, diagnostics)
    }

    /// Nothing is written; the entry is given back as it came.
    public func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory { entry }
}

/// A usage record that counts nothing: a snapshot asks no source.
public struct NoUsageStore: UsageStore {
    public init() {}
    public func load() -> [SourceID: SourceUsage] { [:] }
    public func record(_ result: RequestResult, for source: SourceID, at date: Date) {}
}

/// A clock stopped at one instant: a snapshot's answers are judged at the time it was saved,
/// so "yesterday" and "how old" mean the same on every run.
public struct StoppedClock: WallClock {
    public let instant: Date
    public init(_ instant: Date) { self.instant = instant }
    public func now() -> Date { instant }
}
