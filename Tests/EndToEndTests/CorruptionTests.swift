import FXRates
import FXTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The cache files and the config, damaged every way a disk, a crash or a person can damage them,
/// under the built fx with all eight providers on loopback. Each damage is survived with one warning
/// (none for the usage counts, which are advisory), an answer, and the bad file set aside as
/// `<name>.corrupt` (the config is never moved: it is the user's own writing).
///
/// A file written by a newer fx (a schema above this one's) is not damage: it is left exactly as
/// it is, neither set aside nor written over, so that the newer fx keeps its cache; this fx says
/// so once per run and answers from the network (or the built-in rates) without caching.
@Suite struct CorruptionTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case truncated, zeroBytes, randomBytes, wrongShapeArray, wrongShapeFields, wrongShapeEscape, newerSchema, directory
        /// Needs a process that permission bits bind (see `Unprivileged`).
        case unreadable

        var testDescription: String { rawValue }

        /// Damages the file at `path`, which holds a valid file fx wrote. Returns the bytes left there (nil: a directory).
        func apply(to path: URL, newer: String, wrongFields: String) throws -> Data? {
            let manager = FileManager.default
            let original = try Data(contentsOf: path)
            var damaged: Data
            switch self {
            case .truncated: damaged = original.prefix(original.count / 2)
            case .zeroBytes: damaged = Data()
            case .randomBytes:
                var generator = SeededGenerator(seed: 0x5EED)
                damaged = Data((0..<700).map { _ in UInt8.random(in: 0...255, using: &generator) })
            case .wrongShapeArray: damaged = Data(#"[1, 2, 3, {"schema": 1}]"#.utf8)
            case .wrongShapeFields: damaged = Data(wrongFields.utf8)
            // A key holding a terminal escape: the warning must show it inert.
            case .wrongShapeEscape:
                damaged = Data(
                    #"{"schema": 1, "sources": {"\u001b[2J\u001b]0;owned\u0007": {"base": "E", "date": "x", "fetchedAt": "2026-10-30T15:05:00Z", "checkedAt": "2026-10-30T15:05:00Z", "rates": {}}}}"#
                        .utf8)
            case .newerSchema: damaged = Data(newer.utf8)
            case .directory:
                try manager.removeItem(at: path)
                try manager.createDirectory(at: path, withIntermediateDirectories: false)
                try Data("inside".utf8).write(to: path.appendingPathComponent("note"))
                return nil
            case .unreadable:
                damaged = original
                try damaged.write(to: path)
                chmod(path.path, 0)
                return damaged
            }
            try damaged.write(to: path)
            return damaged
        }
    }

    static let newerCache = #"{"schema": 2, "sources": {"ecb": {"layout": "columnar", "table": [1.1172, 175.68]}}, "writer": "fx 2.0"}"#
    static let newerHistory = #"{"schema":2,"source":"ecb","layout":"binary"}"# + "\nDAYS 1999-01-04..\n"
    static let newerUsage = #"{"schema": 2, "months": {"2026-11": {"ecb": 3}}}"#
    static let wrongCache =
        #"{"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-13-45", "fetchedAt": "2026-10-30T15:05:00Z", "checkedAt": "2026-10-30T15:05:00Z", "rates": {"USD": "-1"}}}}"#
    static let wrongHistory =
        #"{"schema":1,"source":"ecb","base":"EUR","complete":true,"fetchedAt":"2026-10-30T15:05:00Z","checkedAt":"2026-10-30T15:05:00Z","currencies":1}"#
        + "\ndays,2026-10-30\nUSD,-5\n"
    static let wrongUsage = #"{"schema": 1, "sources": {"ecb": {"month": 11, "requests": "many"}}}"#

    // MARK: latest.json

    @Test(arguments: Damage.allCases, ["convert", "refresh"])
    func damagedRateCache(_ damage: Damage, command: String) throws {
        guard let sandbox = try Sandbox(needsPermissions: damage == .unreadable) else { return }
        defer { sandbox.cleanUp() }
        let cache = sandbox.cache.appendingPathComponent("latest.json")
        #expect(try sandbox.run(["refresh"]).status == 0)
        let left = try damage.apply(to: cache, newer: Self.newerCache, wrongFields: Self.wrongCache)
        let before = sandbox.server.requests.count

        let result = try sandbox.run(command == "convert" ? ["convert", "100", "usd", "eur"] : ["refresh"])
        try expectAnswered(result, command: command, sandbox: sandbox, label: "\(damage)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(damage) \(command): \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(damage): raw escape on stderr")
        #expect(sandbox.server.requests.count > before, "\(damage) \(command): not asked")

        if damage == .newerSchema {
            #expect(
                result.stderr
                    == "warning: cannot read the cache file \(cache.path) (written by a newer version of fx (schema 2); left as it is, and this run does not cache); going on without it\n"
            )
            #expect(try Data(contentsOf: cache) == left, "a newer fx's cache was written over")
            #expect(!FileManager.default.fileExists(atPath: cache.path + ".corrupt"))
            // Every run says so once and answers; the file stays the newer fx's.
            let again = try sandbox.run(["convert", "100", "usd", "eur"])
            #expect(again.status == 0 && again.stdout == "100.00 USD = 89.51 EUR\n")
            #expect(again.stderr == result.stderr)
            #expect(try Data(contentsOf: cache) == left)
            return
        }
        #expect(warnings.first?.hasPrefix("warning: the cache file \(cache.path) was damaged (") == true, "\(damage): \(result.stderr)")
        #expect(warnings.first?.hasSuffix("); moved it to \(cache.path).corrupt and started afresh") == true, "\(damage): \(result.stderr)")
        if damage == .unreadable { #expect(result.stderr.contains("(permission denied)")) }
        if damage == .wrongShapeEscape { #expect(result.stderr.contains("\\x1B[2J"), "\(result.stderr)") }
        let aside = cache.path + ".corrupt"
        if let left {
            #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == left, "\(damage): the set-aside file differs")
        } else {
            #expect(FileManager.default.fileExists(atPath: aside + "/note"), "the directory was not set aside whole")
        }
        // Replaced whole: every source this command asked, readable back; the next run is quiet.
        let contents = FileRateStore(directory: sandbox.cache.path).load()
        #expect(contents.diagnostics.isEmpty)
        #expect(command == "convert" ? contents.entries[.ecb] != nil : contents.entries.count == 8, "\(contents.entries.keys.sorted())")
        let next = try sandbox.run(["convert", "100", "usd", "eur"])
        #expect(next.status == 0 && next.stderr == "" && next.stdout == "100.00 USD = 89.51 EUR\n", "\(damage): \(next.stderr)")
    }

    /// Nothing answers on the network: the built-in rates do (convert), or a clear error (refresh),
    /// and the damage is still one warning.
    @Test(arguments: [Damage.randomBytes, .newerSchema], ["convert", "refresh"])
    func damagedRateCacheWithoutNetwork(_ damage: Damage, command: String) throws {
        let fx = FXRunner()  // every source at a closed port
        defer { fx.cleanUp() }
        try fx.writeCache(OfflineAndFaultTests.cacheOf20261030)
        let left = try damage.apply(to: fx.cacheFile, newer: Self.newerCache, wrongFields: Self.wrongCache)
        let result = try fx.run(command == "convert" ? ["100", "usd", "eur"] : ["refresh"])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(fx.cacheFile.path) }.count == 1, "\(result.stderr)")
        if command == "convert" {
            #expect(result.status == 0)
            #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
            #expect(
                lines.count == 2 && lines[1].hasSuffix("using built-in ECB rates of 2026-10-30; run 'refresh' when online"),
                "\(result.stderr)")
        } else {
            #expect(result.status == 1)
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.contains(": failed: ") })
            #expect(lines.count == 2 && lines[1].hasPrefix("fx: no source could be refreshed"), "\(result.stderr)")
        }
        if damage == .newerSchema { #expect(try Data(contentsOf: fx.cacheFile) == left) }
    }

    /// A cache directory fx may not write: the answer comes, with one warning, however many sources refresh.
    @Test(arguments: ["convert", "refresh"])
    func readOnlyCacheDirectory(command: String) throws {
        guard let sandbox = try Sandbox(needsPermissions: true) else { return }
        defer { sandbox.cleanUp() }
        try FileManager.default.createDirectory(at: sandbox.cache, withIntermediateDirectories: true)
        chmod(sandbox.cache.path, 0o500)
        defer { chmod(sandbox.cache.path, 0o700) }
        let result = try sandbox.run(command == "convert" ? ["convert", "100", "usd", "eur"] : ["refresh"])
        try expectAnswered(result, command: command, sandbox: sandbox, label: "read-only")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "warning: could not update the cache: cannot open \(sandbox.cache.path)/latest.lock: Permission denied"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.cache.path).isEmpty)
    }

    /// A damaged cache in a directory fx may not write: it cannot be set aside, so it is left, said once.
    @Test(arguments: ["convert", "refresh"])
    func damagedCacheInAReadOnlyDirectory(command: String) throws {
        guard let sandbox = try Sandbox(needsPermissions: true) else { return }
        defer { sandbox.cleanUp() }
        let cache = sandbox.cache.appendingPathComponent("latest.json")
        try FileManager.default.createDirectory(at: sandbox.cache, withIntermediateDirectories: true)
        try Data("{\"schema\": 1, \"sour".utf8).write(to: cache)
        chmod(sandbox.cache.path, 0o500)
        defer { chmod(sandbox.cache.path, 0o700) }
        let result = try sandbox.run(command == "convert" ? ["convert", "100", "usd", "eur"] : ["refresh"])
        try expectAnswered(result, command: command, sandbox: sandbox, label: "read-only, damaged")
        #expect(
            result.stderr
                == "warning: cannot read the cache file \(cache.path) (not a cache file; cannot open \(sandbox.cache.path)/latest.lock: Permission denied); going on without it\n"
        )
        #expect(try Data(contentsOf: cache) == Data("{\"schema\": 1, \"sour".utf8))
    }

    // MARK: history-ecb.txt

    @Test(arguments: Damage.allCases)
    func damagedHistory(_ damage: Damage) throws {
        guard let sandbox = try Sandbox(needsPermissions: damage == .unreadable) else { return }
        defer { sandbox.cleanUp() }
        let file = sandbox.cache.appendingPathComponent("history-ecb.txt")
        // Two weeks back: the latest rates do not answer it, the history does.
        let day = Self.history.last.adding(days: -14).description
        let first = try sandbox.run(["rate", "usd", "jpy", "on", day])
        #expect(first.status == 0 && first.stderr == "" && first.stdout.hasPrefix("1 USD = "), "\(first.stderr)")
        let left = try damage.apply(to: file, newer: Self.newerHistory, wrongFields: Self.wrongHistory)
        let before = sandbox.server.requests.filter { $0.path.contains("eurofxref-hist") }.count

        let result = try sandbox.run(["rate", "usd", "jpy", "on", day])
        #expect(result.status == 0, "\(damage): \(result.stderr)")
        #expect(result.stdout == first.stdout, "\(damage): \(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(damage): \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(
            sandbox.server.requests.filter { $0.path.contains("eurofxref-hist") }.count > before, "\(damage): history not fetched again")
        if damage == .newerSchema {
            #expect(
                result.stderr
                    == "warning: cannot read the cache file \(file.path) (written by a newer version of fx (schema 2); left as it is, and this run does not cache); going on without it\n"
            )
            #expect(try Data(contentsOf: file) == left)
            #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt"))
            return
        }
        #expect(result.stderr.hasPrefix("warning: the cache file \(file.path) was damaged ("), "\(damage): \(result.stderr)")
        if let left { #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".corrupt")) == left) }
        let (saved, problems) = FileHistoryStore(directory: sandbox.cache.path).load(.ecb, currencies: nil)
        #expect(problems.isEmpty && saved?.history.last == Self.history.last)
        let chart = try sandbox.run(["history", "usd", "jpy", "30d", "--csv"])
        #expect(chart.status == 0 && chart.stderr == "", "\(damage): \(chart.stderr)")
        #expect(chart.stdout.split(separator: "\n").last == "\(Self.history.last),USD,JPY,157.2502685285")
    }

    // MARK: usage.json

    /// Usage counts are advisory: a damaged file is set aside quietly and counting starts afresh;
    /// a newer fx's file is left alone (this run's requests go uncounted).
    @Test(arguments: Damage.allCases)
    func damagedUsage(_ damage: Damage) throws {
        guard let sandbox = try Sandbox(needsPermissions: damage == .unreadable) else { return }
        defer { sandbox.cleanUp() }
        let file = sandbox.cache.appendingPathComponent("usage.json")
        #expect(try sandbox.run(["refresh"]).status == 0)
        let left = try damage.apply(to: file, newer: Self.newerUsage, wrongFields: Self.wrongUsage)

        let before = sandbox.server.requests.count
        let result = try sandbox.run(["refresh"])
        try expectAnswered(result, command: "refresh", sandbox: sandbox, label: "usage \(damage)")
        #expect(result.stderr == "", "\(damage): \(result.stderr)")
        let usage = FileUsageStore(directory: sandbox.cache.path).load()
        if damage == .newerSchema {
            #expect(try Data(contentsOf: file) == left)
            #expect(usage.isEmpty)
            return
        }
        // Counting started afresh with this refresh's eight fetches: every request each sent (a
        // Coinbase spot price per asset, Frankfurter's list of institutions too).
        let sent = sandbox.server.requests.dropFirst(before)
        #expect(usage.count == 8, "\(damage): \(usage)")
        for (id, record) in usage {
            let seen = sent.filter { $0.path.hasPrefix("/\(id.rawValue)/") }.count
            #expect(record.requests == seen, "\(damage): \(id) counted \(record.requests) of \(seen) requests")
        }
        #expect(usage[.coinbase].map { $0.requests > 1 } == true, "\(damage): \(usage)")
        if let left { #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".corrupt")) == left) }
        let sources = try sandbox.run(["sources"])
        #expect(sources.status == 0 && sources.stderr == "")
    }

    // MARK: config.json

    /// The config is the user's: a damaged one is reported once and ignored (defaults apply), never moved or rewritten.
    @Test(arguments: Damage.allCases.filter { $0 != .newerSchema }, ["convert", "refresh"])
    func damagedConfig(_ damage: Damage, command: String) throws {
        guard let sandbox = try Sandbox(needsPermissions: damage == .unreadable) else { return }
        defer { sandbox.cleanUp() }
        let config = sandbox.fx.home.appendingPathComponent("config/fx/config.json")
        let wrongFields = #"{"order": "ecb", "sources": [1, 2], "timeout": "soon"}"#
        let left: Data?
        if damage == .wrongShapeEscape {
            // The config's own words come back in its warnings: an escape there must come back inert.
            left = Data(#"{"order": ["\u001b[2J\u001b]0;owned\u0007"]}"#.utf8)
            try left!.write(to: config)
        } else {
            left = try damage.apply(to: config, newer: "", wrongFields: wrongFields)
        }

        let result = try sandbox.run(command == "convert" ? ["convert", "100", "usd", "eur"] : ["refresh"])
        #expect(result.status == 0, "\(damage): \(result.stderr)")
        if damage == .wrongShapeFields {
            // Each field is read on its own: one warning for each of the wrong type, naming it.
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 3, "\(result.stderr)")
            for field in ["timeout", "order", "sources"] {
                #expect(lines.contains { $0.hasPrefix("warning: ignoring \(field) in \(config.path): give ") }, "\(result.stderr)")
            }
        } else if damage == .wrongShapeEscape {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(damage) \(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("warning: ignoring the order in \(config.path): unknown source \\x1B[2j"), "\(result.stderr)")
        } else {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(damage) \(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("warning: ignoring \(config.path): "), "\(damage): \(result.stderr)")
        }
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "raw escape on stderr")
        if command == "convert" {
            #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        } else {
            // Without the config, Nasdaq (opt-in) is off: the other seven refresh.
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 7 && lines.allSatisfy { !$0.contains("failed") }, "\(result.stdout)")
        }
        if let left {
            chmod(config.path, 0o600)
            #expect(try Data(contentsOf: config) == left, "\(damage): the config was changed")
        } else {
            #expect(FileManager.default.fileExists(atPath: config.path + "/note"))
        }
        #expect(!FileManager.default.fileExists(atPath: config.path + ".corrupt"))
    }

    /// A config from a newer fx (a version and keys this one does not know) is read for what it knows, quietly.
    @Test func newerConfigIsReadForWhatThisFXKnows() throws {
        guard let sandbox = try Sandbox(needsPermissions: false) else { return }
        defer { sandbox.cleanUp() }
        let config = sandbox.fx.home.appendingPathComponent("config/fx/config.json")
        let text =
            #"{"schema": 7, "order": ["boc", "ecb"], "display": {"theme": "dark"}, "sources": {"nasdaq": {"enabled": true, "datasets": [{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}], "tier": "pro"}}}"#
        try Data(text.utf8).write(to: config)
        let result = try sandbox.run(["--json", "convert", "100", "usd", "cad"])
        // The Bank of Canada fixture is months old: its overdue note is the one line expected.
        #expect(result.status == 0 && GuideExamples.withoutOverdueNote(result.stderr, unlessIn: []) == "", "\(result.stderr)")
        #expect(result.stdout.contains(#""source":"boc""#), "the order was not read: \(result.stdout)")
        #expect(try Data(contentsOf: config) == Data(text.utf8))
    }

    // MARK: helpers

    /// The real ECB history moved so that it ends at the latest publication, served whole.
    static let history: (last: Day, zip: Data, recent: Data) = {
        let latest = ECBServer.latestPublicationDate()
        let shift = (latest.ordinal - Day(iso: "2026-10-30")!.ordinal) / 7 * 7
        let csv = ECBFiles.csv(shiftedBy: shift)
        let full = try! ECBHistoryCSV.history(csv)
        let recent = full.restricted(to: full.last!.adding(days: -90)...full.last!)
        return (full.last!, try! ECBFiles.zip(csv: csv), ECBFiles.xml(recent.days.indices.map(recent.table(at:))))
    }()

    /// fx with all eight providers (and the ECB history) on loopback, run as a user whom permission bits bind.
    struct Sandbox {
        let server: LoopbackHTTPServer
        let fx: FXRunner
        let prefix: [String]
        var cache: URL { fx.home.appendingPathComponent("cache/fx") }

        /// nil when the case needs permissions to bind and no way to drop root's was found (the test then passes vacuously, and says so).
        init?(needsPermissions: Bool) throws {
            if needsPermissions {
                guard let prefix = Unprivileged.prefix else {
                    print("CorruptionTests: skipped a permission case: running as root and setpriv cannot drop CAP_DAC_OVERRIDE here")
                    return nil
                }
                self.prefix = prefix
            } else {
                prefix = []
            }
            server = try ContentionTests.server(
                round: ContentionTests.Round(), zip: CorruptionTests.history.zip,
                recent: CorruptionTests.history.recent)
            fx = try SixSourcesTests.runner(server)
        }

        func cleanUp() {
            server.stop()
            fx.cleanUp()
        }

        func run(_ arguments: [String]) throws -> FXRunner.Result {
            try fx.run(arguments, prefix: prefix)
        }
    }

    func expectAnswered(
        _ result: FXRunner.Result, command: String, sandbox: Sandbox, label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == 0, "\(label) \(command): \(result.stderr)", sourceLocation: sourceLocation)
        if command == "convert" {
            #expect(result.stdout == "100.00 USD = 89.51 EUR\n", "\(label): \(result.stdout)", sourceLocation: sourceLocation)
        } else {
            let lines = result.stdout.split(separator: "\n")
            #expect(
                lines.count == 8 && lines.allSatisfy { !$0.contains("failed") }, "\(label): \(result.stdout)",
                sourceLocation: sourceLocation)
        }
    }
}

/// How to run fx so that permission bits bind it. Tests often run as root, whom they do not bind
/// (CAP_DAC_OVERRIDE); `setpriv` (util-linux) drops that capability and CAP_DAC_READ_SEARCH from
/// the bounding set before running fx, which stays uid 0 and so still owns the sandbox's files.
enum Unprivileged {
    static let prefix: [String]? = {
        guard geteuid() == 0 else { return [] }
        for path in ["/usr/bin/setpriv", "/bin/setpriv"] where FileManager.default.isExecutableFile(atPath: path) {
            let prefix = [path, "--bounding-set=-dac_override,-dac_read_search", "--"]
            // Check that it works here (a container may forbid changing the bounding set): a file
            // of mode 000 must be unreadable through it.
            let locked = NSTemporaryDirectory() + "fx-unprivileged-probe-\(getpid())"
            guard FileManager.default.createFile(atPath: locked, contents: Data("x".utf8), attributes: [.posixPermissions: 0]) else {
                return nil
            }
            defer { unlink(locked) }
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: path)
            probe.arguments = Array(prefix.dropFirst()) + ["/bin/sh", "-c", "! cat \"$0\" 2>/dev/null", locked]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { continue }
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return prefix }
        }
        return nil
    }()
}

extension FXRunner {
    /// `run`, with fx started through `prefix` (such as setpriv's arguments) when it is not empty.
    func run(_ arguments: [String], prefix: [String]) throws -> Result {
        guard !prefix.isEmpty else { return try run(arguments) }
        return try runCommand(URL(fileURLWithPath: prefix[0]), Array(prefix.dropFirst()) + [try Self.binary().path] + arguments)
    }

    fileprivate func runCommand(_ executable: URL, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(
            stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8),
            status: process.terminationStatus)
    }
}

/// SplitMix64: the same bytes on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
