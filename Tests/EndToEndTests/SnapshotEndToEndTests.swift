import Foundation
import Testing

/// `snapshot save` pins the cache; `--snapshot` and `use snapshot` answer from the pin only,
/// byte for byte the same however the live cache changes afterwards.
@Suite struct SnapshotEndToEndTests {
    static let cacheOf20261030 = """
        {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-10-30",
         "fetchedAt": "2026-10-30T15:05:00Z", "checkedAt": "2026-10-30T15:05:00Z",
         "rates": {"USD": "1.1172", "JPY": "175.68", "GBP": "0.8338", "CHF": "0.9194"}}}}
        """
    static let cacheOf20261102 = """
        {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-11-02",
         "fetchedAt": "2026-11-02T15:04:00Z", "checkedAt": "2026-11-02T15:04:00Z",
         "rates": {"USD": "1.2000", "JPY": "180.00", "GBP": "0.9000", "CHF": "0.9500"}}}}
        """
    static let script = "100 usd eur\n100 usd jpy, gbp\nrate usd\n100 usd + 20 gbp in chf\nsnapshot show q3-close\n"

    static func runner() -> FXRunner {
        var fx = FXRunner()
        fx.environment["XDG_DATA_HOME"] = fx.home.appendingPathComponent("data").path
        return fx
    }

    @Test
    func scriptAnswersByteForByteTheSameAfterTheCacheChanged() throws {
        let fx = Self.runner()
        defer { fx.cleanUp() }
        try fx.writeCache(Self.cacheOf20261030)
        let save = try fx.run(["snapshot", "save", "q3-close"])
        #expect(save.status == 0, "\(save.stderr)")
        #expect(save.stdout.hasPrefix("saved snapshot q3-close: "))

        let text = try fx.run(["--snapshot", "q3-close"], stdin: Self.script)
        let json = try fx.run(["--snapshot", "q3-close", "--json"], stdin: Self.script)
        #expect(text.status == 0 && json.status == 0, "\(text.stderr) \(json.stderr)")
        #expect(text.stdout.hasPrefix("100.00 USD = 89.51 EUR\n"))
        #expect(
            json.stdout.hasPrefix(
                #"{"schema_version":1,"snapshot":"q3-close","amount":"100","from":"USD","conversions":[{"amount":"100","from":"USD","to":"EUR","result":"89.51""#
            ))

        try fx.writeCache(Self.cacheOf20261102)
        let live = try fx.run(["--offline", "100", "usd", "eur"])
        #expect(live.stdout == "100.00 USD = 83.33 EUR\n")

        let again = try fx.run(["--snapshot", "q3-close"], stdin: Self.script)
        let againJSON = try fx.run(["--snapshot", "q3-close", "--json"], stdin: Self.script)
        #expect(Data(again.stdout.utf8) == Data(text.stdout.utf8))
        #expect(Data(again.stderr.utf8) == Data(text.stderr.utf8))
        #expect(Data(againJSON.stdout.utf8) == Data(json.stdout.utf8))
    }

    @Test
    func useSnapshotAtThePromptAndUseLiveGoesBack() throws {
        let fx = Self.runner()
        defer { fx.cleanUp() }
        try fx.writeCache(Self.cacheOf20261030)
        #expect(try fx.run(["snapshot", "save", "q3-close"]).status == 0)
        try fx.writeCache(Self.cacheOf20261102)
        let result = try fx.run(["--offline"], stdin: "use snapshot q3-close\n100 usd eur\nuse live\n100 usd eur\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "answering from snapshot q3-close only, offline; 'use live' goes back\n100.00 USD = 89.51 EUR\n"
                + "answering from the live rates\n100.00 USD = 83.33 EUR\n")
    }

    @Test
    func snapshotsArePrivateFilesInTheDataDirectoryAndCanBeRemoved() throws {
        let fx = Self.runner()
        defer { fx.cleanUp() }
        try fx.writeCache(Self.cacheOf20261030)
        #expect(try fx.run(["snapshot", "save", "q3-close"]).status == 0)
        let directory = fx.home.appendingPathComponent("data/fx/snapshots")
        let file = directory.appendingPathComponent("q3-close.json")
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600 && directoryMode == 0o700)
        #expect(try fx.run(["snapshot", "list"]).stdout.hasPrefix("q3-close  saved "))
        #expect(try fx.run(["--complete", "--", "snapshot", "show", "q"]).stdout == "q3-close\n")
        #expect(try fx.run(["snapshot", "rm", "q3-close"]).stdout == "removed snapshot q3-close\n")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try fx.run(["snapshot", "list"]).stdout == "no snapshots\n")
    }

    @Test(arguments: [
        (["--snapshot", "q3-clos", "100", "usd", "eur"], "fx: Unknown snapshot 'q3-clos'. Did you mean 'q3-close'?\n"),
        (["snapshot", "show", "other"], "fx: Unknown snapshot 'other'. Saved: q3-close.\n"),
        (
            ["snapshot", "save", "../x"],
            "fx: Invalid snapshot name '../x'. Use letters, digits, '-', '_' and '.', not starting with a dot, at most 64 characters: q3-close\n"
        ),
    ])
    func unknownAndBadNamesAreUsageErrors(arguments: [String], message: String) throws {
        let fx = Self.runner()
        defer { fx.cleanUp() }
        try fx.writeCache(Self.cacheOf20261030)
        #expect(try fx.run(["snapshot", "save", "q3-close"]).status == 0)
        let result = try fx.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }
}

/// `--explain` on the built binary: the derivation on stderr in text mode, an object in JSON.
@Suite struct ExplainEndToEndTests {
    @Test
    func textGoesToStandardErrorAndJSONCarriesIt() throws {
        let fx = SnapshotEndToEndTests.runner()
        defer { fx.cleanUp() }
        try fx.writeCache(SnapshotEndToEndTests.cacheOf20261030)
        let text = try fx.run(["--offline", "--explain", "100", "usd", "jpy"])
        #expect(text.stdout == "100.00 USD = 15,725 JPY\n")
        #expect(text.stderr.contains("  JPY per USD = JPY per EUR ÷ USD per EUR = 175.68 ÷ 1.1172\n"))
        #expect(
            text.stderr.contains("  USD per EUR = 1.1172   ECB · published 2026-10-30 · fetched 2026-10-30T15:05:00Z · from the cache\n"))
        #expect(text.stderr.contains("  = 15725.0268…  → 15725 (half away from zero, 0 decimals)\n"))
        let json = try fx.run(["--offline", "--explain", "--json", "100", "usd", "+", "20", "gbp", "in", "chf"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""explain":{"steps":[{"amount":"100","from":"USD","to":"CHF""#))
        #expect(json.stdout.contains(#""rounded":"104.35","rounding":"half away from zero, 2 decimals"}}"#))
    }
}
