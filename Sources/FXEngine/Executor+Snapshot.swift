import FXAnswers
import FXCommands
import FXRates

extension Executor {
    /// The snapshot answering now (`--snapshot`, `use snapshot`); nil for the live rates.
    public var snapshotName: String? { current.setup.snapshot?.name.rawValue }

    /// Each source's base currency, which `--explain` names (`USD per EUR`).
    public var sourceBases: [SourceID: String] {
        var bases: [SourceID: String] = [.ecb: "EUR"]
        for info in sourceInfo { bases[info.id] = info.base }
        return bases
    }

    /// The time answers are judged at: a snapshot's saved time, so relative dates and ages read
    /// the same on every run; else the clock's.
    func now() -> Date { current.setup.snapshot?.savedAt ?? clock.now() }

    func snapshot(_ action: SnapshotAction) throws(Failure) -> Outcome {
        guard let snapshots else { throw .snapshot(.unavailable) }
        do throws(SnapshotError) {
            switch action {
            case .save(let text):
                let name = try SnapshotStore.name(text)
                let snapshot = try snapshots.capture(name, at: clock.now())
                let replaced = try snapshots.store.save(snapshot)
                return .configured(
                    "\(replaced ? "replaced" : "saved") snapshot \(name): " + Self.summary(snapshot)
                        + "; answer from it with --snapshot \(name)")
            case .list:
                let rows = snapshots.store.names().map { text in
                    (name: text, value: (try? snapshots.store.load(text)).map(Self.summary) ?? "(cannot be read)")
                }
                return .listing(Listing(title: "snapshots", rows: rows))
            case .show(let text):
                return .listing(Listing(title: "snapshot", rows: Self.details(try snapshots.store.load(text))))
            case .remove(let text):
                try snapshots.store.remove(text)
                return .configured("removed snapshot \(text)")
            case .use(nil):
                if !current.renew() { current.replace(with: current.initial) }
                return .configured("answering from the live rates")
            case .use(let text?):
                let snapshot = try snapshots.store.load(text)
                current.replace(with: snapshots.setup(snapshot))
                return .configured("answering from snapshot \(snapshot.name) only, offline; 'use live' goes back")
            }
        } catch {
            throw .snapshot(error)
        }
    }

    /// `saved 2026-10-30T17:00:00Z · ecb 2026-10-30, boc 2026-10-29`.
    static func summary(_ snapshot: Snapshot) -> String {
        let tables = snapshot.latest.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.table.date)" }
        return "saved \(snapshot.savedAt.formatted(.iso8601)) · " + tables.joined(separator: ", ")
    }

    /// One row per table and per history mark, with the provenance each answer will carry.
    static func details(_ snapshot: Snapshot) -> [(name: String, value: String?)] {
        var rows: [(name: String, value: String?)] = [("name", snapshot.name.rawValue), ("saved", snapshot.savedAt.formatted(.iso8601))]
        for (id, entry) in snapshot.latest.sorted(by: { $0.key < $1.key }) {
            let count = entry.table.currencies.count
            rows.append(
                (
                    "\(id)",
                    "\(entry.table.date) · \(count) currencies with \(entry.table.base) · fetched \(entry.checkedAt.formatted(.iso8601))"
                ))
        }
        for (id, mark) in snapshot.history.sorted(by: { $0.key < $1.key }) {
            rows.append(("\(id) history", "up to \(mark.lastDay) (by reference) · checked \(mark.checkedAt.formatted(.iso8601))"))
        }
        return rows
    }
}
