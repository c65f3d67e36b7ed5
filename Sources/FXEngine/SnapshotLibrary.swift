import FXAnswers
import FXRates

/// What `snapshot` and `use` work with: the saved snapshots, the live cache a new one is taken
/// from, and how services answering from one are made.
public struct SnapshotLibrary: Sendable {
    public let store: SnapshotStore
    /// The live latest rates and histories, as the cache holds them now.
    let latest: any RateStore
    let history: any HistoryStore
    /// The sources whose history a new snapshot records a mark for.
    let historySources: [SourceID]
    /// The services over one snapshot: offline, over stores that never write.
    let setup: @Sendable (Snapshot) -> SourceSetup

    public init(
        store: SnapshotStore, latest: any RateStore, history: any HistoryStore, historySources: [SourceID],
        setup: @escaping @Sendable (Snapshot) -> SourceSetup
    ) {
        self.store = store
        self.latest = latest
        self.history = history
        self.historySources = historySources
        self.setup = setup
    }

    /// The cache as it is now, under `name`: every source's latest table, and the last day of
    /// each history (read without its rates).
    func capture(_ name: SnapshotName, at now: Date) throws(SnapshotError) -> Snapshot {
        let entries = latest.load().entries
        guard !entries.isEmpty else { throw .nothingCached }
        var marks: [SourceID: Snapshot.HistoryMark] = [:]
        for id in historySources {
            if let entry = history.load(id, currencies: []).0, let last = entry.history.last {
                marks[id] = Snapshot.HistoryMark(lastDay: last, checkedAt: entry.checkedAt)
            }
        }
        return Snapshot(name: name, savedAt: now, latest: entries, history: marks)
    }
}

extension SourceSetup {
    /// Services that answer from `snapshot` only: its tables in a store that never writes, the
    /// history cache cut at its marks, no network, no built-in rates, and a clock stopped at
    /// the time it was saved. `sources` give the names and schedules; none is asked.
    public static func answering(
        from snapshot: Snapshot, sources: [any RateSource], historySources: [any HistorySource], history: any HistoryStore,
        sourceInfo: [SourceInfo] = []
    ) -> SourceSetup {
        let clock = StoppedClock(snapshot.savedAt)
        let service = RateService(
            sources: sources.filter { snapshot.latest[$0.id] != nil }, store: SnapshotRateStore(snapshot), clock: clock,
            options: RateService.Options(snapshot: snapshot.name.rawValue), usage: NoUsageStore())
        let histories = HistoryService(
            sources: historySources, store: SnapshotHistoryStore(over: history, snapshot),
            clock: clock, options: HistoryService.Options(snapshot: snapshot.name.rawValue))
        var setup = SourceSetup(service: service, history: histories, sourceInfo: sourceInfo)
        setup.snapshot = snapshot
        return setup
    }
}
