import Foundation
import FXTestSupport
import Testing
import FXRates
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under the system temporary directory, removed when the test ends.
final class TemporaryDirectory {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fx-rates-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A path inside the directory that does not exist yet.
    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    deinit {
        // Undo a chmod 000 before removing.
        chmod(root.path, 0o755)
        try? FileManager.default.removeItem(at: root)
    }
}

private func permissions(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

@Suite("File rate store")
struct FileRateStoreTests {
    static let fetched = utc("2026-10-30T15:05:12Z")
    static let checked = utc("2026-11-02T14:59:30Z")

    static func entry(source: SourceID = .ecb, table: RateTable = Sample.friday) -> CachedRates {
        CachedRates(
            source: source, table: table, fetchedAt: fetched, checkedAt: checked,
            validators: Validators(etag: "\"5f2a-63d1\"", lastModified: "Fri, 30 Oct 2026 15:05:00 GMT"))
    }

    @Test func missingFileLoadsEmptyWithoutDiagnostics() throws {
        let temp = try TemporaryDirectory()
        let contents = FileRateStore(directory: temp.path("cache")).load()
        #expect(contents.entries.isEmpty)
        #expect(contents.diagnostics.isEmpty)
    }

    @Test func saveThenLoadRoundTripsExactly() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        let entry = Self.entry()
        try store.save(entry)

        let loaded = FileRateStore(directory: temp.path("cache")).load()
        #expect(loaded.diagnostics.isEmpty)
        let back = try #require(loaded.entries[.ecb])
        #expect(back == entry)
        #expect(back.table.rates == Sample.friday.rates)
        #expect(back.table.rates[code("ISK")] == dec("136"))
        #expect(back.table.rates[code("IDR")] == dec("20275.17"))
        #expect(back.validators == entry.validators)
        #expect(back.fetchedAt == Self.fetched)
        #expect(back.checkedAt == Self.checked)
        #expect(back.table.date == day("2026-10-30"))
    }

    @Test func manyDigitRatesSurviveAsText() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        let table = RateTable(
            base: .eur, date: day("2026-10-30"),
            rates: [
                .usd: dec("1.12345678901234567890123456789012345"),
                code("JPY"): dec("0.000000001"),
                code("KRW"): dec("123456789012345678901234567890"),
            ])
        try store.save(Self.entry(table: table))
        #expect(store.load().entries[.ecb]?.table == table)
    }

    @Test func fileIsPrivate() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("nested/cache"))
        try store.save(Self.entry())
        #expect(permissions(store.path) == 0o600)
        #expect(permissions(store.directory) == 0o700)
        // No temporary files are left beside the cache.
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted()
        #expect(names.allSatisfy { $0 == "latest.json" || $0 == "latest.lock" }, "\(names)")
    }

    @Test func saveReplacesTheSameSourceAndKeepsOthers() throws {
        let temp = try TemporaryDirectory()
        let first = FileRateStore(directory: temp.path("cache"))
        let second = FileRateStore(directory: temp.path("cache"))
        let other = SourceID("other")
        try first.save(Self.entry())
        try second.save(Self.entry(source: other, table: Sample.monday))

        let afterBoth = first.load()
        #expect(afterBoth.diagnostics.isEmpty)
        #expect(Set(afterBoth.entries.keys) == [.ecb, other])
        #expect(afterBoth.entries[other]?.table == Sample.monday)

        // The first instance saves again: the other source's entry written by `second` survives.
        var newer = Self.entry(table: Sample.monday)
        newer.checkedAt = utc("2026-11-02T15:10:00Z")
        try first.save(newer)
        let final = second.load()
        #expect(final.entries[.ecb] == newer)
        #expect(final.entries[other]?.table == Sample.monday)
        #expect(final.entries.count == 2)
    }

    @Test func fileLayoutIsReadableJSONWithRatesAsStrings() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        try store.save(Self.entry())
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store.path))) as? [String: Any])
        #expect(json["schema"] as? Int == 1)
        let ecb = try #require((json["sources"] as? [String: Any])?["ecb"] as? [String: Any])
        #expect(ecb["date"] as? String == "2026-10-30")
        #expect(ecb["base"] as? String == "EUR")
        #expect(ecb["fetchedAt"] as? String == "2026-10-30T15:05:12Z")
        #expect((ecb["rates"] as? [String: String])?["USD"] == "1.1172")
    }

    /// Ways `latest.json` can be damaged; each must be set aside exactly once.
    enum Corruption: String, CaseIterable, Sendable {
        case truncatedJSON, zeroBytes, randomBytes, wrongShape, jsonArray, unknownSchema, invalidRate, invalidDate, directory

        func apply(to path: String) throws {
            let url = URL(fileURLWithPath: path)
            switch self {
            case .truncatedJSON:
                try Data(#"{"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-"#.utf8).write(to: url)
            case .zeroBytes:
                try Data().write(to: url)
            case .randomBytes:
                try Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }).write(to: url)
            case .wrongShape:
                try Data(#"{"hello": ["world", 1, 2, 3]}"#.utf8).write(to: url)
            case .jsonArray:
                try Data("[1, 2, 3]".utf8).write(to: url)
            case .unknownSchema:
                // Below the current one: no fx wrote it (a newer fx's schema is not damage; see below).
                try Data(#"{"schema": 0, "sources": {}}"#.utf8).write(to: url)
            case .invalidRate:
                try Data(
                    """
                    {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-10-30", "fetchedAt": "2026-10-30T15:05:12Z",
                     "checkedAt": "2026-10-30T15:05:12Z", "rates": {"USD": "-1"}}}}
                    """.utf8
                ).write(to: url)
            case .invalidDate:
                try Data(
                    """
                    {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-02-30", "fetchedAt": "2026-10-30T15:05:12Z",
                     "checkedAt": "2026-10-30T15:05:12Z", "rates": {"USD": "1.1172"}}}}
                    """.utf8
                ).write(to: url)
            case .directory:
                try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            }
        }
    }

    @Test(arguments: Corruption.allCases)
    func corruptFileIsSetAside(corruption: Corruption) throws {
        let label = corruption.rawValue
        let temp = try TemporaryDirectory()
        let directory = temp.path("cache")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = FileRateStore(directory: directory)
        try corruption.apply(to: store.path)

        let contents = store.load()
        #expect(contents.entries.isEmpty, "\(label)")
        #expect(contents.diagnostics.count == 1, "\(label)")
        guard case .cacheSetAside(let path, let movedTo, let reason)? = contents.diagnostics.first else {
            Issue.record("\(label): expected .cacheSetAside, got \(contents.diagnostics)")
            return
        }
        #expect(path == store.path)
        #expect(movedTo == store.path + ".corrupt")
        #expect(!reason.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.path), "\(label)")
        #expect(FileManager.default.fileExists(atPath: store.path + ".corrupt"), "\(label)")

        // Set aside once: the next run starts clean, and a save works again.
        let again = store.load()
        #expect(again.diagnostics.isEmpty, "\(label)")
        #expect(again.entries.isEmpty, "\(label)")
        try store.save(Self.entry())
        #expect(store.load().entries[.ecb] == Self.entry())
    }

    /// A newer fx's cache is not damage: left exactly as it is, reported on each load, never written over.
    @Test func newerSchemaIsLeftAloneAndNotWrittenOver() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let newer = Data(#"{"schema": 2, "sources": {"ecb": {"columns": [1, 2]}}}"#.utf8)
        try newer.write(to: URL(fileURLWithPath: store.path))
        let reason = "written by a newer version of fx (schema 2); left as it is, and this run does not cache"

        let contents = store.load()
        #expect(contents.entries.isEmpty)
        #expect(contents.diagnostics == [.cacheUnreadable(path: store.path, reason: reason)])
        #expect(throws: StoreError(path: store.path, reason: reason)) { try store.save(Self.entry()) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == newer)
        #expect(!FileManager.default.fileExists(atPath: store.path + ".corrupt"))
        #expect(store.load().diagnostics.count == 1)
    }

    /// Damage a reader cannot move aside (the directory is read-only to it) stays where it is, reported with both reasons.
    @Test(.enabled(if: geteuid() != 0, "root writes into any directory"))
    func damageInAReadOnlyDirectoryIsReportedAndLeft() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: store.path))
        chmod(store.directory, 0o500)
        defer { chmod(store.directory, 0o700) }
        let contents = store.load()
        guard case .cacheUnreadable(let path, let reason)? = contents.diagnostics.first, contents.diagnostics.count == 1 else {
            Issue.record("expected one .cacheUnreadable, got \(contents.diagnostics)")
            return
        }
        #expect(path == store.path)
        #expect(reason.hasPrefix("not a cache file; cannot open \(store.directory)/latest.lock"), "\(reason)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == Data("garbage".utf8))
    }

    @Test func corruptFileIsKeptByteForByte() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        try store.save(Self.entry())
        let garbage = Data("{\"schema\": 1, \"sour".utf8)
        try garbage.write(to: URL(fileURLWithPath: store.path))
        _ = store.load()
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path + ".corrupt")) == garbage)
    }

    @Test func saveOverACorruptFileSetsItAsideAndWrites() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: store.path))
        try store.save(Self.entry())
        #expect(FileManager.default.fileExists(atPath: store.path + ".corrupt"))
        let contents = store.load()
        #expect(contents.diagnostics.isEmpty)
        #expect(contents.entries == [.ecb: Self.entry()])
    }

    @Test(.enabled(if: geteuid() != 0, "root reads files whatever their mode"))
    func unreadableFileIsSetAsideOnce() throws {
        let temp = try TemporaryDirectory()
        let store = FileRateStore(directory: temp.path("cache"))
        try store.save(Self.entry())
        chmod(store.path, 0)
        let contents = store.load()
        #expect(contents.entries.isEmpty)
        #expect(contents.diagnostics == [.cacheSetAside(path: store.path, movedTo: store.path + ".corrupt", reason: "permission denied")])
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(store.load().diagnostics.isEmpty)
    }

    @Test func fileWhereTheDirectoryShouldBeLoadsEmpty() throws {
        let temp = try TemporaryDirectory()
        let blocker = temp.path("blocker")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let contents = FileRateStore(directory: blocker).load()
        #expect(contents.entries.isEmpty)
        #expect(contents.diagnostics.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: blocker)) == Data("x".utf8))
    }

    @Test func saveIntoAnUnwritablePlaceThrowsStoreError() throws {
        let temp = try TemporaryDirectory()
        // A regular file where the cache directory should be: no permission trick, so it fails even as root.
        let blocker = temp.path("blocker")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = FileRateStore(directory: blocker + "/cache")
        #expect(throws: StoreError.self) { try store.save(Self.entry()) }
    }
}
