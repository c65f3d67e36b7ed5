import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built fx with all eight sources pointed at one `FaultServer`, keys in the environment,
/// Nasdaq switched on with one dataset, and the faulty source asked first.
struct FaultRig {
    static let oxrKey = "oxr-SECRET-9d4e21"
    static let nasdaqKey = "nasdaq-SECRET-51c0aa"
    static let keys = [oxrKey, nasdaqKey]

    let server: FaultServer
    var fx: FXRunner

    /// `first` leads the order (so `convert 100 usd eur` asks it first); `timeout` is `FX_TIMEOUT`.
    init(first: ProviderPlay, timeout: String, seeded: Bool = true) throws {
        server = try FaultServer(oxrKey: Self.oxrKey, nasdaqKey: Self.nasdaqKey)
        fx = FXRunner(ecbURL: server.url(for: .ecb))
        for provider in ProviderPlay.allCases {
            fx.environment[provider.about.urlVariable] = server.url(for: provider).absoluteString
        }
        fx.environment["FX_OXR_APP_ID"] = Self.oxrKey
        fx.environment["FX_NASDAQ_API_KEY"] = Self.nasdaqKey
        fx.environment["FX_TIMEOUT"] = timeout
        let order = [first] + ProviderPlay.allCases.filter { $0 != first }
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"""
            {"order": [\#(order.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))],
             "sources": {"nasdaq": {"enabled": true, "datasets": [{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}]}}}
            """#.utf8
        ).write(to: config)
        if seeded { try fx.writeCache(Self.staleCache) }
    }

    func cleanUp() {
        server.stop()
        fx.cleanUp()
    }

    var usageFile: URL { fx.cacheFile.deletingLastPathComponent().appendingPathComponent("usage.json") }

    /// Every source cached long ago (so each is due), each pricing 100 USD at exactly 80.00 EUR:
    /// an answer of 80.00 came from this cache, a fresh one says 89.51.
    static let staleCache = #"""
        {"schema": 1, "sources": {
         "ecb": {"base": "EUR", "date": "2018-01-02", "fetchedAt": "2018-01-02T16:00:00Z", "checkedAt": "2018-01-02T16:00:00Z",
                 "etag": "\"old\"", "rates": {"USD": "1.25", "JPY": "130", "GBP": "0.88"}},
         "frankfurter": {"base": "EUR", "date": "2018-01-02", "fetchedAt": "2018-01-02T16:00:00Z", "checkedAt": "2018-01-02T16:00:00Z",
                 "rates": {"USD": "1.25", "JPY": "130"}},
         "boc": {"base": "CAD", "date": "2018-01-02", "fetchedAt": "2018-01-02T21:00:00Z", "checkedAt": "2018-01-02T21:00:00Z",
                 "rates": {"USD": "0.8", "EUR": "0.64"}},
         "oxr": {"base": "USD", "date": "2018-01-02", "fetchedAt": "2018-01-02T10:00:00Z", "checkedAt": "2018-01-02T10:00:00Z",
                 "publishedAt": "2018-01-02T10:00:00Z", "rates": {"EUR": "0.8", "KWD": "0.3"}},
         "dunamu": {"base": "KRW", "date": "2018-01-02", "fetchedAt": "2018-01-02T06:00:00Z", "checkedAt": "2018-01-02T06:00:00Z",
                 "rates": {"USD": "0.001", "EUR": "0.0008"}},
         "nasdaq": {"base": "EUR", "date": "2018-01-02", "fetchedAt": "2018-01-02T16:00:00Z", "checkedAt": "2018-01-02T16:00:00Z",
                 "rates": {"USD": "1.25"}},
         "coinbase": {"base": "USD", "date": "2018-01-02", "fetchedAt": "2018-01-02T10:00:00Z", "checkedAt": "2018-01-02T10:00:00Z",
                 "publishedAt": "2018-01-02T10:00:00Z", "rates": {"EUR": "0.8", "BTC": "0.0001"}},
         "kraken": {"base": "EUR", "date": "2018-01-02", "fetchedAt": "2018-01-02T10:00:00Z", "checkedAt": "2018-01-02T10:00:00Z",
                 "publishedAt": "2018-01-02T10:00:00Z", "rates": {"USD": "1.25", "BTC": "0.0001"}}}}
        """#

    /// Moves a source's `Retry-After` instant in usage.json to a second ago, as if the wait had passed.
    func endWait(of provider: ProviderPlay) throws {
        var file = try JSONSerialization.jsonObject(with: Data(contentsOf: usageFile)) as? [String: Any] ?? [:]
        var sources = file["sources"] as? [String: Any] ?? [:]
        var record = sources[provider.rawValue] as? [String: Any] ?? [:]
        record["retryAfter"] = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-1))
        sources[provider.rawValue] = record
        file["sources"] = sources
        try JSONSerialization.data(withJSONObject: file).write(to: usageFile)
    }

    /// Moves a source's last failure in usage.json back past the longest back-off, as if the
    /// next run came half an hour later (a `Retry-After` wait, anchored to it, still stands).
    func passBackOff(of provider: ProviderPlay) throws {
        var file = try JSONSerialization.jsonObject(with: Data(contentsOf: usageFile)) as? [String: Any] ?? [:]
        var sources = file["sources"] as? [String: Any] ?? [:]
        guard var record = sources[provider.rawValue] as? [String: Any], record["lastErrorAt"] != nil else { return }
        record["lastErrorAt"] = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-BackOff.longest - 60))
        sources[provider.rawValue] = record
        file["sources"] = sources
        try JSONSerialization.data(withJSONObject: file).write(to: usageFile)
    }

    /// Moves every instant in usage.json (each last failure, each server's wait) forward by the
    /// whole seconds since `since`, as if this run came right after the one that ended then. In a
    /// full test run the test's task may resume long after fx ended, when other suites keep the
    /// cooperative pool busy (a CI run once saw more than a minute), and a back-off or a wait would
    /// then have ended by the wall clock, not by anything fx did. Returns the seconds moved.
    @discardableResult
    func closeGap(since: Date) throws -> Int {
        let shift = Int(Date().timeIntervalSince(since).rounded(.down))
        guard shift > 0 else { return 0 }
        var file = try JSONSerialization.jsonObject(with: Data(contentsOf: usageFile)) as? [String: Any] ?? [:]
        var sources = file["sources"] as? [String: Any] ?? [:]
        let format = ISO8601DateFormatter()
        for (key, value) in sources {
            guard var record = value as? [String: Any] else { continue }
            for field in ["lastErrorAt", "retryAfter"] {
                guard let text = record[field] as? String, let instant = format.date(from: text) else { continue }
                record[field] = format.string(from: instant.addingTimeInterval(TimeInterval(shift)))
            }
            sources[key] = record
        }
        file["sources"] = sources
        try JSONSerialization.data(withJSONObject: file).write(to: usageFile)
        return shift
    }

    /// One source's entry of `latest.json`, decoded, for comparing across runs.
    func cacheEntry(_ provider: ProviderPlay) throws -> NSDictionary? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: fx.cacheFile)) as? [String: Any]
        return (object?["sources"] as? [String: Any])?[provider.rawValue] as? NSDictionary
    }

    /// Every file fx wrote under its home, config aside.
    func writtenFiles() throws -> [URL] {
        try FileManager.default.subpathsOfDirectory(atPath: fx.home.path)
            .map { fx.home.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { $0.lastPathComponent != "config.json" }
    }
}

/// A run of fx, how long it took, and when it ended.
struct TimedResult {
    let result: FXRunner.Result
    let seconds: TimeInterval
    let finished: Date
    var stdout: String { result.stdout }
    var stderr: String { result.stderr }
    var status: Int32 { result.status }
    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

extension FXRunner {
    /// `run`, without holding a thread of Swift's cooperative pool while fx runs, so that many
    /// cases that mostly wait (on a stalled server) can run side by side on two cores.
    /// Timed on its own thread: in a full test run other suites may keep the cooperative pool
    /// busy, and the time until this task resumes is not fx's.
    func timedRun(_ arguments: [String]) async throws -> TimedResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let started = Date()
                do {
                    let result = try self.run(arguments)
                    let finished = Date()
                    continuation.resume(
                        returning: TimedResult(result: result, seconds: finished.timeIntervalSince(started), finished: finished))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}

/// At most `width` fx runs at once: enough to overlap the waits, few enough that two cores
/// still answer a healthy loopback request well within the timeout.
actor RunGate {
    static let shared = RunGate(width: 6)
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func enter() async {
        if running < width {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }

    static func pass<T>(_ body: () async throws -> T) async rethrows -> T {
        await shared.enter()
        do {
            let value = try await body()
            await shared.leave()
            return value
        } catch {
            await shared.leave()
            throw error
        }
    }
}

/// What every run must hold to, whatever the fault: no crash, no key, nothing that drives a terminal.
func expectSafe(_ run: TimedResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.status >= 0 && run.status < 128, "\(label): died with status \(run.status)", sourceLocation: sourceLocation)
    for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
        let unsafe = text.unicodeScalars.filter { scalar in
            scalar != "\n" && [.control, .format].contains(scalar.properties.generalCategory)
        }
        #expect(
            unsafe.isEmpty, "\(label): \(stream) holds control characters \(unsafe.map { String($0.value, radix: 16) })",
            sourceLocation: sourceLocation)
        for key in FaultRig.keys {
            #expect(!text.contains(key), "\(label): \(stream) shows a key", sourceLocation: sourceLocation)
        }
        #expect(!text.contains(Fault.entityMarker), "\(label): an external entity was read", sourceLocation: sourceLocation)
        for crash in ["Fatal error", "Backtrace", "Stack dump", "Segmentation", "Illegal instruction", "💣"] {
            #expect(!text.contains(crash), "\(label): \(stream) shows a crash: \(text)", sourceLocation: sourceLocation)
        }
    }
}
