import FXRates
import FXTestSupport
import Foundation
import Testing

/// Every fault × every provider, through the real fx binary, with the faulty source asked first:
/// `refresh <id>`, `--source <id> convert 100 usd eur` over a stale cache, `convert 100 usd eur`
/// in order (the next source answers), and `--source <id>` with nothing cached.
@Suite struct FaultMatrixTests {
    /// A future date is played only by providers whose answers carry one.
    static let cases: [(Fault, ProviderPlay)] = Fault.allCases.flatMap { fault in
        ProviderPlay.allCases.filter { fault != .futureDate || $0.datesItsAnswers }.map { (fault, $0) }
    }

    /// `FX_TIMEOUT` for the case: short where the server stalls, roomy where it answers.
    static func timeout(_ fault: Fault) -> TimeInterval { fault == .stall ? 0.5 : 3 }

    /// The slack a run may take beyond its requests' deadlines (process start, a loaded machine).
    static let slack: TimeInterval = 5

    /// Every registered source fx reads directly is played, in the registry's order: a new source
    /// must say how it fails. An institution relayed by Frankfurter (hmrc, ust, nbp) goes over the
    /// same server, fetch step and decoder as Frankfurter, whose play covers them (their own
    /// routes are in FrankfurterInstitutionTests).
    @Test func everyRegisteredSourceIsPlayed() {
        let direct = SourceRegistry.standard.descriptions.filter { $0.relayedBy == nil }.map(\.id.rawValue)
        #expect(ProviderPlay.allCases.map(\.rawValue) == direct)
    }

    @Test(arguments: cases)
    func faultIsSurvived(fault: Fault, provider: ProviderPlay) async throws {
        try await RunGate.pass { try await Self.play(fault, provider) }
    }

    static func play(_ fault: Fault, _ provider: ProviderPlay) async throws {
        let label = "\(fault) at \(provider)"
        let timeout = Self.timeout(fault)
        let rig = try FaultRig(first: provider, timeout: "\(timeout)")
        defer { rig.cleanUp() }
        rig.server.inject(fault, into: provider)
        let seeded = try Data(contentsOf: rig.fx.cacheFile)
        let problem = expectedProblem(fault, provider)
        let throttled = fault == .status429RetryAfterSeconds || fault == .status503RetryAfterDate

        // 1. refresh of that source alone: its one line on stdout, status 1, the cache as it was.
        let refresh = try await rig.fx.timedRun(["refresh", provider.rawValue])
        expectSafe(refresh, "\(label), refresh")
        #expect(refresh.status == 1, "\(label): \(refresh.stdout) \(refresh.stderr)")
        #expect(refresh.stdout.hasPrefix("\(provider.rawValue): failed: "), "\(label): \(refresh.stdout)")
        #expect(refresh.stdout.split(separator: "\n").count == 1, "\(label): \(refresh.stdout)")
        #expect(refresh.stdout.contains(problem), "\(label): expected '\(problem)' in \(refresh.stdout)")
        #expect(
            refresh.stderr == "fx: no source could be refreshed (\(provider.rawValue)); the cache is as it was\n",
            "\(label): \(refresh.stderr)")
        #expect(try Data(contentsOf: rig.fx.cacheFile) == seeded, "\(label): refresh changed the cache")
        Self.expectBounded(refresh, fault, label, within: timeout + slack)

        // 2. Only that source: its stale cache answers, with one warning naming it and the problem.
        // Each run comes after the back-off of the failure before (`AllSourcesDownEndToEndTests`
        // covers the back-off itself), so that every path meets the fault.
        try rig.passBackOff(of: provider)
        let alone = try await rig.fx.timedRun(["--source", provider.rawValue, "convert", "100", "usd", "eur"])
        expectSafe(alone, "\(label), --source")
        #expect(alone.status == 0, "\(label): \(alone.stderr)")
        #expect(alone.stdout == "100.00 USD = 80.00 EUR\n", "\(label): \(alone.stdout) \(alone.stderr)")
        #expect(alone.stderrLines.count == 1, "\(label): \(alone.stderr)")
        #expect(alone.stderr.hasPrefix("warning: \(provider.name): "), "\(label): \(alone.stderr)")
        #expect(alone.stderr.contains(throttled ? "asked for no request before" : problem), "\(label): \(alone.stderr)")
        #expect(alone.stderr.contains("; using cached rates of 2018-01-02 (fetched "), "\(label): \(alone.stderr)")
        #expect(try Data(contentsOf: rig.fx.cacheFile) == seeded, "\(label): a failed fetch changed the cache")
        Self.expectBounded(alone, fault, label, within: timeout + slack)

        // 3. In order, the faulty source first: the next source's fresh rates answer and the warning
        // says so; after a timeout (the network itself may be down) the cached rates answer instead.
        let next = ProviderPlay.allCases.first { $0 != provider }!
        try rig.passBackOff(of: provider)
        let inOrder = try await rig.fx.timedRun(["convert", "100", "usd", "eur"])
        expectSafe(inOrder, "\(label), in order")
        #expect(inOrder.status == 0, "\(label): \(inOrder.stderr)")
        #expect(inOrder.stderrLines.count == 1, "\(label): \(inOrder.stderr)")
        #expect(inOrder.stderr.hasPrefix("warning: \(provider.name): "), "\(label): \(inOrder.stderr)")
        if fault == .stall {
            #expect(inOrder.stdout == "100.00 USD = 80.00 EUR\n", "\(label): \(inOrder.stdout)")
            #expect(inOrder.stderr.contains("; using cached rates of 2018-01-02"), "\(label): \(inOrder.stderr)")
            #expect(try Data(contentsOf: rig.fx.cacheFile) == seeded, "\(label): a failed fetch changed the cache")
        } else {
            #expect(inOrder.stdout == "100.00 USD = 89.51 EUR\n", "\(label): \(inOrder.stdout) \(inOrder.stderr)")
            #expect(inOrder.stderr.hasSuffix("; using \(next.name) instead\n"), "\(label): \(inOrder.stderr)")
            // The faulty source's entry as seeded; the next one's replaced by what it sent.
            let stale = try JSONSerialization.jsonObject(with: seeded) as? [String: Any]
            let seededEntry = (stale?["sources"] as? [String: Any])?[provider.rawValue] as? NSDictionary
            #expect(try rig.cacheEntry(provider) == seededEntry, "\(label): the faulty source's cache entry changed")
            #expect(try rig.cacheEntry(next)?["date"] as? String != "2018-01-02", "\(label): \(next) was not refreshed")
        }
        Self.expectBounded(inOrder, fault, label, within: 2 * timeout + slack)

        // Retry-After: after the first answer, fx never asked again; otherwise once per run.
        #expect(
            rig.server.requests(to: provider).count == (throttled ? 1 : 3) * provider.requestsPerFetch,
            "\(label): \(rig.server.requests(to: provider).count) requests")
        // usage.json counts every one of them, a Coinbase spot price per asset too.
        let usage = try JSONSerialization.jsonObject(with: Data(contentsOf: rig.usageFile)) as? [String: Any]
        let record = (usage?["sources"] as? [String: Any])?[provider.rawValue] as? [String: Any]
        #expect(
            record?["requests"] as? Int == rig.server.requests(to: provider).count,
            "\(label): usage \(String(describing: record)) for \(rig.server.requests(to: provider).count) requests")

        try Self.expectCleanFiles(rig, label)

        // 4. Nothing cached: an error naming the source and the problem (the ECB has built-in rates).
        // One fault of each kind of handling is enough here: the words are those of run 2.
        guard Self.uncachedFaults.contains(fault) else { return }
        let bare = try FaultRig(first: provider, timeout: "\(timeout)", seeded: false)
        defer { bare.cleanUp() }
        bare.server.inject(fault, into: provider)
        let empty = try await bare.fx.timedRun(["--source", provider.rawValue, "convert", "100", "usd", "eur"])
        expectSafe(empty, "\(label), nothing cached")
        #expect(empty.stderrLines.count == 1, "\(label): \(empty.stderr)")
        #expect(empty.stderr.contains(problem), "\(label): expected '\(problem)' in \(empty.stderr)")
        if provider == .ecb {
            #expect(empty.status == 0)
            #expect(empty.stdout == "100.00 USD = 89.51 EUR\n", "\(label): \(empty.stdout)")
            #expect(empty.stderr.hasPrefix("warning: European Central Bank: "), "\(label): \(empty.stderr)")
            #expect(
                empty.stderr.hasSuffix("; using built-in ECB rates of 2026-10-30; run 'refresh' when online\n"), "\(label): \(empty.stderr)"
            )
        } else {
            #expect(empty.status == 1, "\(label): \(empty.stdout) \(empty.stderr)")
            #expect(empty.stdout == "")
            #expect(empty.stderr.hasPrefix("fx: No rates available: \(provider.name): "), "\(label): \(empty.stderr)")
            #expect(empty.stderr.hasSuffix(", and nothing is cached.\n"), "\(label): \(empty.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: bare.fx.cacheFile.path), "\(label): a failed fetch wrote a cache")
        Self.expectBounded(empty, fault, label, within: timeout + slack)

        try Self.expectCleanFiles(bare, label)
    }

    /// Within the deadline plus slack; a stall must really have been waited out (fx gave up at
    /// the configured timeout, not at once and not at some other deadline).
    static func expectBounded(
        _ run: TimedResult, _ fault: Fault, _ label: String, within limit: TimeInterval,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.seconds < limit, "\(label): took \(run.seconds) s", sourceLocation: sourceLocation)
        if fault == .stall {
            #expect(run.seconds >= timeout(fault), "\(label): gave up after \(run.seconds) s", sourceLocation: sourceLocation)
        }
    }

    /// Faults tried with nothing cached too: an HTTP error, a timeout, a body refused, hostile
    /// text, a wait asked for, a transport refusal, the size cap.
    static let uncachedFaults: Set<Fault> = [
        .status500, .stall, .garbageBytes, .terminalEscapes, .status429RetryAfterSeconds,
        .redirectToPlainHTTP, .oversizedBody,
    ]

    /// No key in any file fx wrote, no escape byte, and the entity's file never read into one.
    static func expectCleanFiles(_ rig: FaultRig, _ label: String) throws {
        for file in try rig.writtenFiles() {
            let data = try Data(contentsOf: file)
            let text = String(decoding: data, as: UTF8.self)
            #expect(!FaultRig.keys.contains(where: text.contains), "\(label): key in \(file.lastPathComponent)")
            #expect(!text.contains(Fault.entityMarker), "\(label): entity resolved into \(file.lastPathComponent)")
            #expect(!data.contains(0x1B) && !data.contains(0x07), "\(label): raw escape in \(file.lastPathComponent)")
        }
    }

    /// What the one line about the failure must say, in the provider's case.
    static func expectedProblem(_ fault: Fault, _ provider: ProviderPlay) -> String {
        switch fault {
        case .status500: return "server answered HTTP 500 (Internal Server Error)"
        case .status503RetryAfterDate: return "server answered HTTP 503 (Service Unavailable) and asked for no request before "
        case .status429RetryAfterSeconds: return "server answered HTTP 429 (Too Many Requests) and asked for no request before "
        case .status404:
            switch provider {
            case .boc: return "Series FXCADAFN not found. (HTTP 404)"
            case .nasdaq: return "ECB/EURUSD: error QECx02: You have submitted an incorrect Quandl code."
            default: return "server answered HTTP 404 (Not Found)"
            }
        case .stall: return "no answer within 0.5 s"
        // Both announced a length the body never reached.
        case .resetMidBody: return "the response was cut off ("
        case .truncatedBody: return "the response was cut off ("
        case .htmlPage200: return "got an HTML page instead of rates"
        case .empty200: return "empty response"
        case .garbageBytes: return "malformed response"
        case .zeroRate, .negativeRate, .nonNumericRate:
            let value =
                switch fault {
                case .zeroRate: "0"
                case .negativeRate: "-1.5"
                default: provider.ratesAreText ? "abc" : "\"abc\""
                }
            let currency =
                switch provider {
                case .oxr: "EUR"
                case .nasdaq: "EUR/USD"
                case .coinbase, .kraken: "BTC"
                default: "USD"
                }
            return "invalid rate '\(value)' for \(currency)"
        case .duplicateCurrency:
            switch provider {
            case .ecb: return "USD appears twice on "
            case .frankfurter: return "USD appears twice on \(BuiltInRates.ecb.latest.date)"
            case .boc: return "USD appears twice on 2026-03-18"
            case .oxr: return "EUR appears twice on 2018-03-22"
            case .dunamu: return "USD appears twice on 2024-02-20"
            case .nasdaq: return "2021-03-30 appears twice"
            case .coinbase: return "duplicate key 'amount'"
            case .kraken: return "duplicate key 'XXBTZEUR'"
            }
        case .futureDate: return "rates dated \(Fault.futureDay), which is in the future"
        case .oversizedBody: return "KiB; refused"
        case .xmlExternalEntity: return provider == .ecb ? "response declares a DTD or entities; refused" : "malformed response: not JSON"
        case .terminalEscapes:
            switch provider {
            case .ecb: return #"invalid currency code '\x9B2J\x9B31m\u{202E}DSU'"#
            default: return "pwned"
            }
        case .redirectToPlainHTTP: return "refused a redirect to an address that is not HTTPS"
        }
    }
}
