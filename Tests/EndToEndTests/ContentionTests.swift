import FXRates
import FXTestSupport
import Foundation
import Testing

/// Many fx processes at once on one cache: 32 per round (refreshes of all sources and of each
/// one, conversions, rate lookups, a dated question and a history, a script, a usage error),
/// round after round, while the six loopback providers change their rates between rounds so
/// that writers really replace the files. After every round the cache, the usage counts, the
/// history file and the conversion log must read back whole, with every source present and each
/// source's rates those of the round; no process may crash or leave a temporary file behind.
///
/// The default run is `FX_STRESS_ROUNDS` rounds (20) of `FX_STRESS_PROCESSES` processes (32);
/// `Scripts/stress` runs it alone and prints the time.
@Suite(.serialized) struct ContentionTests {
    static let rounds = Int(ProcessInfo.processInfo.environment["FX_STRESS_ROUNDS"] ?? "") ?? 20
    static let width = Int(ProcessInfo.processInfo.environment["FX_STRESS_PROCESSES"] ?? "") ?? 32

    /// The round the providers are serving; their rates move by one step per round.
    final class Round: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var current: Int { lock.withLock { value } }
        func advance() { lock.withLock { value += 1 } }
    }

    /// A rate `steps` ten-thousandths above `base`, written as the providers write it.
    static func moved(_ base: String, by steps: Int) -> String {
        DecimalFormat.plain(Decimal(string: base)! + Decimal(steps) / 10_000)
    }

    /// All six providers, and the ECB's history (`recent` nil: no 90-day file), as `SixSourcesTests` serves them.
    static func server(round: Round, zip: Data, recent: Data?) throws -> LoopbackHTTPServer {
        let ecbDaily = String(decoding: ECBServer.daily(dated: ECBServer.latestPublicationDate()), as: UTF8.self)
        let friday = BuiltInRates.ecb.latest
        let boc = String(decoding: sharedFixture("boc/fx-rates-daily-recent2.constructed.json"), as: UTF8.self)
        let oxr = String(decoding: sharedFixture("oxr/latest.json"), as: UTF8.self)
        let dunamu = String(decoding: sharedFixture("dunamu/recent-krwusd.json"), as: UTF8.self)
        let nasdaq = String(decoding: sharedFixture("nasdaq/dataset-data-fx.constructed.json"), as: UTF8.self)
        let providers = ratesFixture("frankfurter-v2/providers-hmrc-ust.constructed.json")
        for (text, needle) in [
            (ecbDaily, "rate='1.1172'"), (boc, #""v": "1.3706""#), (oxr, #""EUR": 0.812833,"#),
            (dunamu, #""basePrice": 1338.00,"#), (nasdaq, #"["2021-03-30",1.1741]"#),
        ] {
            precondition(text.components(separatedBy: needle).count == 2, "fixture changed: \(needle)")
        }
        return try LoopbackHTTPServer { request in
            let step = round.current
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            func json(_ text: String) -> LoopbackHTTPServer.Reply { .ok(Data(text.utf8), contentType: "application/json") }
            switch path {
            case "/ecb/eurofxref-daily.xml":
                let body = ecbDaily.replacingOccurrences(of: "rate='1.1172'", with: "rate='\(moved("1.1172", by: step))'")
                return .ok(Data(body.utf8), headers: ["ETag": "\"r\(step)\""])
            case HistoryTests.zipPath: return .ok(zip, contentType: "application/zip")
            case HistoryTests.recentPath: return recent.map { .ok($0) } ?? .status(404, body: "not found")
            case "/frankfurter/rates":
                var rates = friday.rates
                rates[CurrencyCode("USD")!] = Decimal(string: moved("1.1172", by: step))!
                return json(FrankfurterV2Body.latest(RateTable(base: .eur, date: friday.date, rates: rates)))
            case "/frankfurter/providers": return .ok(providers, contentType: "application/json")
            case "/boc/observations/group/FX_RATES_DAILY/json":
                return json(boc.replacingOccurrences(of: #""v": "1.3706""#, with: #""v": "\#(moved("1.3706", by: step))""#))
            case "/oxr/latest.json":
                guard request.path.contains("app_id=\(SixSourcesTests.oxrKey)") else { return .status(401) }
                return json(oxr.replacingOccurrences(of: #""EUR": 0.812833,"#, with: #""EUR": \#(moved("0.812833", by: step)),"#))
            case "/dunamu/forex/recent":
                return json(dunamu.replacingOccurrences(of: #""basePrice": 1338.00,"#, with: #""basePrice": \#(1338 + step).00,"#))
            case "/nasdaq/datasets/ECB/EURUSD/data.json":
                guard request.path.contains("api_key=\(SixSourcesTests.nasdaqKey)") else { return .status(400) }
                return json(
                    nasdaq.replacingOccurrences(of: #"["2021-03-30",1.1741]"#, with: #"["2021-03-30",\#(moved("1.1741", by: step))]"#))
            default: return CryptoEndToEndTests.latestRoutes[path] ?? .status(404, body: "not found")
            }
        }
    }

    /// One process of a round: its arguments, its standard input (script mode) and the status it must end with.
    struct Job {
        let arguments: [String]
        var stdin: String? = nil
        var status: Int32 = 0
    }

    static func jobs(datedQuestion day: Day) -> [Job] {
        var jobs: [Job] = []
        jobs += Array(repeating: Job(arguments: ["refresh"]), count: 4)
        jobs += ["ecb", "frankfurter", "boc", "oxr", "dunamu", "nasdaq"].map { Job(arguments: ["refresh", $0]) }
        jobs += Array(repeating: Job(arguments: ["convert", "100", "usd", "eur"]), count: 6)
        jobs += Array(repeating: Job(arguments: ["convert", "100", "usd", "krw"]), count: 3)
        jobs += Array(repeating: Job(arguments: ["convert", "100", "usd", "cad"]), count: 2)
        jobs += Array(repeating: Job(arguments: ["--json", "rate", "usd", "jpy"]), count: 2)
        jobs += [
            Job(arguments: ["convert", "100", "usd", "kwd"]),  // only Open Exchange Rates has KWD
            Job(arguments: ["--source", "nasdaq", "convert", "100", "eur", "usd"]),
            Job(arguments: ["sources"]),
            Job(arguments: ["rate", "eur"]),
            Job(arguments: ["--max-age", "1w", "100", "usd", "eur"]),
            Job(arguments: [], stdin: "100 usd eur\n100 usd krw\nrate usd jpy\n"),
            Job(arguments: ["rate", "usd", "jpy", "on", day.description]),
            Job(arguments: ["history", "usd", "jpy", "30d", "--csv"]),
            Job(arguments: ["convert", "100", "usd", "eux"], status: 2),
        ]
        precondition(jobs.count == 32)
        return jobs
    }

    /// `width` of the jobs (all 32 by default). A smaller round still holds what the checks after
    /// each round read back: a refresh of every source (usage counts), the dated question and
    /// the history (the history file), a conversion (the log); the rest follow in order.
    static func jobs(datedQuestion day: Day, width: Int) -> [Job] {
        let all = jobs(datedQuestion: day)
        guard width < all.count else { return all }
        let first = [0, all.count - 3, all.count - 2, 10]  // refresh, dated rate, history, convert
        let rest = all.indices.filter { !first.contains($0) }
        return (first + rest).prefix(max(width, first.count)).map { all[$0] }
    }

    struct Finished {
        let job: Job
        let status: Int32
        let signalled: Bool
        let stdout: String
        let stderr: String
    }

    /// Starts every job at once and waits for all of them.
    static func runAll(_ jobs: [Job], fx: FXRunner, round: Int) throws -> [Finished] {
        let binary = try FXRunner.binary()
        let outputs = fx.home.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        var running: [(Job, Process, URL, URL, Pipe)] = []
        for (index, job) in jobs.enumerated() {
            let process = Process()
            process.executableURL = binary
            process.arguments = job.arguments
            process.environment = fx.environment
            let out = outputs.appendingPathComponent("\(round)-\(index).out")
            let err = outputs.appendingPathComponent("\(round)-\(index).err")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            let input = Pipe()
            process.standardInput = input
            try process.run()
            running.append((job, process, out, err, input))
        }
        for (job, _, _, _, input) in running {
            if let stdin = job.stdin { input.fileHandleForWriting.feed(Data(stdin.utf8)) }
            try input.fileHandleForWriting.close()
        }
        return try running.map { job, process, out, err, _ in
            process.waitUntilExit()
            defer {
                try? FileManager.default.removeItem(at: out)
                try? FileManager.default.removeItem(at: err)
            }
            return Finished(
                job: job, status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8))
        }
    }

    static let allSources = ["ecb", "frankfurter", "boc", "oxr", "dunamu", "nasdaq", "coinbase", "kraken"].map(SourceID.init)

    @Test func thirtyTwoProcessesPerRoundLeaveAWholeCache() throws {
        let history = try HistoryTests.Data_()
        let round = Round()
        let server = try Self.server(round: round, zip: history.zip, recent: history.recent)
        defer { server.stop() }
        var fx = try SixSourcesTests.runner(server)
        defer { fx.cleanUp() }
        fx.environment["FX_TIMEOUT"] = "20"
        let cache = fx.home.appendingPathComponent("cache/fx")
        let state = fx.home.appendingPathComponent("state/fx")
        let dated = history.last.adding(days: -14)
        let jobs = Self.jobs(datedQuestion: dated, width: Self.width)
        let started = Date()
        var processes = 0

        for number in 1...Self.rounds {
            round.advance()
            let step = round.current
            let finished = try Self.runAll(jobs, fx: fx, round: number)
            processes += finished.count
            for run in finished {
                let label = "round \(number): fx \(run.job.arguments.joined(separator: " "))"
                #expect(!run.signalled && run.status < 128, "\(label) crashed (\(run.status)): \(run.stderr)")
                #expect(run.status == run.job.status, "\(label) ended \(run.status): \(run.stderr)")
                if run.job.status == 0 {
                    // The fixtures' rates are years old: the one note a piped run gives about that is expected.
                    #expect(GuideExamples.withoutOverdueNote(run.stderr, unlessIn: []) == "", "\(label): \(run.stderr)")
                    #expect(!run.stdout.isEmpty, "\(label) printed nothing")
                } else {
                    #expect(run.stderr == "fx: Unknown currency 'EUX'. Did you mean 'EUR'?\n", "\(label): \(run.stderr)")
                }
                if run.job.arguments == ["refresh"] {
                    let lines = run.stdout.split(separator: "\n")
                    #expect(lines.count == 8 && lines.allSatisfy { !$0.contains("failed") }, "\(label): \(run.stdout)")
                }
            }

            // The rate cache: whole, every source present, each with this round's rates.
            let contents = FileRateStore(directory: cache.path).load()
            #expect(contents.diagnostics.isEmpty, "round \(number): \(contents.diagnostics)")
            #expect(Set(contents.entries.keys) == Set(Self.allSources), "round \(number): \(contents.entries.keys.sorted())")
            let usd = CurrencyCode("USD")!, eur = CurrencyCode("EUR")!
            #expect(contents.entries[.ecb]?.table.rates[usd] == Decimal(string: Self.moved("1.1172", by: step)), "round \(number)")
            #expect(contents.entries[.frankfurter]?.table.rates[usd] == Decimal(string: Self.moved("1.1172", by: step)), "round \(number)")
            #expect(
                contents.entries[SourceID("oxr")]?.table.rates[eur] == Decimal(string: Self.moved("0.812833", by: step)), "round \(number)")
            #expect(
                contents.entries[SourceID("nasdaq")]?.table.rates[usd] == Decimal(string: Self.moved("1.1741", by: step)), "round \(number)"
            )
            // Dunamu's table is per won: one dollar is 1338 + step won.
            let perWon = contents.entries[SourceID("dunamu")]?.table.rates[usd] ?? 0
            #expect(abs(perWon * Decimal(1338 + step) - 1) < Decimal(string: "1e-30")!, "round \(number): \(perWon)")

            // Usage: every request the server saw (for the latest rates and the history alike, a
            // Coinbase spot price per asset, Frankfurter's list of institutions too) counted once,
            // none lost to a race.
            let usage = FileUsageStore(directory: cache.path).load()
            for id in Self.allSources {
                let seen = server.requests.filter { $0.path.hasPrefix("/\(id.rawValue)/") }.count
                #expect(usage[id]?.requests == seen, "round \(number): \(id) counted \(usage[id]?.requests ?? -1) of \(seen) requests")
            }
            #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: cache.appendingPathComponent("usage.json")))) != nil)

            // The ECB history: whole (the full file reaches a month back; the 90-day file may have added the rest).
            let (saved, problems) = FileHistoryStore(directory: cache.path).load(.ecb, currencies: nil)
            #expect(problems.isEmpty, "round \(number): \(problems)")
            #expect(
                saved.map { $0.history.days.last! >= history.cut } == true,
                "round \(number): \(String(describing: saved?.history.days.last))")

            // The conversion log: one JSON object per line.
            let log = try String(contentsOf: state.appendingPathComponent("log.jsonl"), encoding: .utf8)
            for line in log.split(separator: "\n") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "round \(number): log line \(line)")
            }

            // Nothing left behind: no temporary file, nothing set aside.
            for directory in [cache, state, fx.home.appendingPathComponent("config/fx")] {
                for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                    #expect(
                        !name.contains(".tmp") && !name.hasSuffix(".corrupt"), "round \(number): \(directory.lastPathComponent)/\(name)")
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            "ContentionTests: \(processes) fx processes in \(Self.rounds) rounds of \(jobs.count), \(String(format: "%.1f", seconds)) s, \(server.requests.count) requests"
        )
        #expect(processes == Self.rounds * jobs.count)
    }
}
