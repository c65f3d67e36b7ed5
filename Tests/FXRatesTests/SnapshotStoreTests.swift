#if canImport(Glibc)
import Glibc
#endif
import FXRates
import FXTestSupport
import Foundation
import Testing

@Suite struct SnapshotStoreTests {
    static let savedAt = Date(timeIntervalSince1970: 1_793_379_600)
    static let table = RateTable(
        base: CurrencyCode("EUR")!, date: Day(iso: "2026-10-30")!,
        rates: [CurrencyCode("USD")!: Decimal(string: "1.1172")!, CurrencyCode("JPY")!: 175.68])

    static func snapshot(_ name: String = "q3-close") -> Snapshot {
        Snapshot(
            name: SnapshotName(name)!, savedAt: savedAt,
            latest: [.ecb: CachedRates(source: .ecb, table: table, fetchedAt: savedAt.addingTimeInterval(-3600))],
            history: [.ecb: Snapshot.HistoryMark(lastDay: Day(iso: "2026-10-29")!, checkedAt: savedAt.addingTimeInterval(-7200))])
    }

    @Test(arguments: ["q3-close", "2026.Q3", "a_b", "X"])
    func namesOfLettersDigitsDashUnderscoreAndDotAreAccepted(name: String) {
        #expect(SnapshotName(name)?.rawValue == name)
    }

    @Test(arguments: ["", ".hidden", "../x", "a/b", "a b", "é", String(repeating: "a", count: 65)])
    func namesThatCouldNotBeOneFileAreRefused(name: String) {
        #expect(SnapshotName(name) == nil)
    }

    @Test
    func aSavedSnapshotReadsBackExactlyAndIsListedAndRemoved() throws {
        let directory = makeTemporaryDirectory("fx-snapshots")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SnapshotStore(directory: directory.path + "/snapshots")
        #expect(try store.save(Self.snapshot()) == false)
        #expect(try store.save(Self.snapshot()) == true)
        #expect(try store.load("q3-close") == Self.snapshot())
        #expect(store.names() == ["q3-close"])
        try store.remove("q3-close")
        #expect(store.names() == [])
        #expect(throws: SnapshotError.unknown("q3-close", saved: [])) { try store.remove("q3-close") }
    }

    /// The name is the user's, as `csv -o`'s path is: what stands there must be a snapshot file or nothing.
    @Test
    func aLinkOrAFIFOInASnapshotsPlaceIsRefusedAndLeftAsItWas() throws {
        let directory = makeTemporaryDirectory("fx-snapshots")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SnapshotStore(directory: directory.path)
        let kept = directory.appendingPathComponent("kept").path
        _ = FileManager.default.createFile(atPath: kept, contents: Data("keep".utf8))
        #expect(symlink(kept, store.path(of: SnapshotName("linked")!)) == 0)
        #expect(mkfifo(store.path(of: SnapshotName("piped")!), 0o600) == 0)
        for (name, refusal) in [
            ("linked", "a symbolic link, which fx does not follow"), ("piped", "not a regular file but a FIFO, a device or a socket"),
        ] {
            let path = store.path(of: SnapshotName(name)!)
            #expect(throws: SnapshotError.store(StoreError(path: path, reason: "cannot write \(path): \(refusal)"))) {
                try store.save(Self.snapshot(name))
            }
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path(of: SnapshotName("linked")!)) == kept)
        #expect(FileManager.default.contents(atPath: kept) == Data("keep".utf8))
        var info = stat()
        #expect(lstat(store.path(of: SnapshotName("piped")!), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test
    func unknownAndBadNamesAreTypedErrors() throws {
        let directory = makeTemporaryDirectory("fx-snapshots")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SnapshotStore(directory: directory.path)
        try store.save(Self.snapshot())
        #expect(throws: SnapshotError.unknown("q3-clos", saved: ["q3-close"])) { try store.load("q3-clos") }
        #expect(throws: SnapshotError.badName("../etc")) { try store.load("../etc") }
    }

    @Test
    func aDamagedFileIsUnreadableNotUnknown() throws {
        let directory = makeTemporaryDirectory("fx-snapshots")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{".utf8).write(to: directory.appendingPathComponent("bad.json"))
        #expect(throws: SnapshotError.unreadable("bad", reason: "not a snapshot file")) {
            try SnapshotStore(directory: directory.path).load("bad")
        }
    }

    @Test
    func historyIsReadUpToTheRecordedDayWithTheRecordedCheckTime() {
        let days = [Day(iso: "2026-10-28")!, Day(iso: "2026-10-29")!, Day(iso: "2026-10-30")!]
        let history = RateHistory(base: CurrencyCode("EUR")!, days: days, columns: [CurrencyCode("USD")!: [1.1, 1.2, 1.3]])
        let live = MemoryHistoryStore([CachedHistory(source: .ecb, history: history, complete: true, fetchedAt: Date())])
        let store = SnapshotHistoryStore(over: live, Self.snapshot())
        let (entry, _) = store.load(.ecb, currencies: nil)
        // The live history up to the mark, then the snapshot's own latest table (2026-10-30), not the
        // live history's later row: a snapshot saved after a refresh answers that day too (issue 24 §2.9).
        #expect(entry?.history.days == days)
        #expect(entry?.history.columns[CurrencyCode("USD")!] == [1.1, 1.2, Decimal(string: "1.1172")!])
        #expect(entry?.checkedAt == Self.savedAt.addingTimeInterval(-7200))
        #expect(store.load(SourceID("boc"), currencies: nil).0 == nil)
    }

    @Test
    func theSnapshotRateStoreNeverWrites() throws {
        let store = SnapshotRateStore(Self.snapshot())
        try store.save(CachedRates(source: SourceID("boc"), table: Self.table, fetchedAt: Date()))
        #expect(store.load().entries.keys.sorted() == [.ecb])
    }
}
