import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built `fx` against a loopback Frankfurter v2 that answers ranges as the real one does (by
/// `from`, `to` and `quotes`, the newest earlier row carried in when the start has none), counting
/// every request: a dated question, a range and the institutions' list each cost one request,
/// then the cache answers (offline too), and another question on the same day asks only for
/// what is missing; every request is counted in usage.json.
@Suite struct FrankfurterRequestTests {
    static let codes = ["GBP", "JPY", "NGN", "USD"].map(code)

    /// Every weekday from December 2023 to `today`, each currency's rate a function of the day.
    static func history(through today: Day) -> RateHistory {
        let days = (day("2023-12-01").ordinal...today.ordinal).map(Day.init(ordinal:)).filter { $0.weekday <= 5 }
        let base: [CurrencyCode: Int] = [code("GBP"): 8_500, code("JPY"): 1_600_000, code("NGN"): 17_000_000, .usd: 10_800]
        return RateHistory(
            base: .eur, days: days,
            columns: Dictionary(
                uniqueKeysWithValues: codes.map { code in
                    (code, days.indices.map { Decimal(base[code]! + $0 % 97) / 10_000 })
                }))
    }

    /// `rates?from=…[&to=…][&quotes=…]` as NDJSON, `rates?…` without a range as the latest table,
    /// and `providers`; anything else is a 404.
    static func server(_ history: RateHistory) throws -> LoopbackHTTPServer {
        let latest = Data(FrankfurterV2Body.latest(history.table(at: history.days.count - 1)).utf8)
        let providers = ratesFixture("frankfurter-v2/providers-hmrc-ust.constructed.json")
        return try LoopbackHTTPServer { request in
            guard let parts = URLComponents(string: request.path) else { return .status(400) }
            let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            switch parts.path {
            case "/frankfurter/providers": return .ok(providers, contentType: "application/json")
            case "/frankfurter/rates":
                guard query["base"] == "EUR" else { return .status(422) }
                guard let from = query["from"].flatMap({ Day(iso: $0) }) else { return .ok(latest, contentType: "application/json") }
                let to = query["to"].flatMap { Day(iso: $0) } ?? history.last!
                let quotes = query["quotes"].map { Set($0.split(separator: ",").compactMap { CurrencyCode(String($0)) }) }
                // The range, and the newest row before it when it does not begin on its first day.
                var picked = history.days.indices.filter { history.days[$0] >= from && history.days[$0] <= to }
                if picked.first.map({ history.days[$0] > from }) ?? true, let before = history.index(onOrBefore: from.adding(days: -1)) {
                    picked.insert(before, at: 0)
                }
                let range = RateHistory(
                    base: .eur, days: picked.map { history.days[$0] },
                    columns: history.columns.filter { quotes?.contains($0.key) ?? true }.mapValues { column in picked.map { column[$0] } })
                return .ok(Data(FrankfurterV2Body.ndjson(range).utf8), contentType: "application/x-ndjson")
            default: return .status(404)
            }
        }
    }

    /// The ranges asked so far, each as its query.
    static func ranges(_ server: LoopbackHTTPServer) -> [String] {
        server.requests.map(\.path).filter { $0.hasPrefix("/frankfurter/rates?from=") }
    }

    static func runner(_ server: LoopbackHTTPServer) -> FXRunner {
        var fx = FXRunner()
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        return fx
    }

    /// Frankfurter's requests as usage.json counts them, and how many it counts as wasted.
    static func counted(_ fx: FXRunner) -> (requests: Int, wasted: Int)? {
        FileUsageStore(directory: fx.home.appendingPathComponent("cache/fx").path).load()[.frankfurter].map { ($0.requests, $0.wasted) }
    }

    @Test func aDatedQuestionIsFetchedOnceThenAnsweredFromTheCache() throws {
        let history = Self.history(through: Day(utc: Date()))
        let server = try Self.server(history)
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        func ask(_ arguments: [String]) throws -> String {
            let result = try fx.run(["--source", "frankfurter"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }

        let question = ["rate", "usd", "ngn", "on", "2024-03-01"]
        let first = try ask(question)
        #expect(Self.ranges(server).count == 1, "\(Self.ranges(server))")
        // The same question again, a conversion of the same pair that day, and offline: no request.
        #expect(try ask(question) == first)
        _ = try ask(["convert", "100", "usd", "ngn", "on", "2024-03-01"])
        #expect(try ask(["--offline"] + question) == first)
        #expect(Self.ranges(server).count == 1, "\(Self.ranges(server))")

        // Another pair on that day: only the currency not held yet, from that day.
        _ = try ask(["rate", "usd", "gbp", "on", "2024-03-01"])
        #expect(Self.ranges(server).count == 2, "\(Self.ranges(server))")
        #expect(Self.ranges(server).last?.contains("from=2024-03-01&base=EUR&quotes=GBP") == true, "\(Self.ranges(server))")
        // A pair of currencies held, and a later day of the span held: none.
        _ = try ask(["rate", "gbp", "ngn", "on", "2024-03-01"])
        _ = try ask(["convert", "100", "eur", "gbp", "on", "2024-06-03"])
        #expect(Self.ranges(server).count == 2, "\(Self.ranges(server))")

        // The whole table of that day: every currency once, then never again, offline too.
        let table = try ask(["rate", "usd", "on", "2024-03-01"])
        #expect(table.contains("JPY"), "\(table)")
        #expect(Self.ranges(server).count == 3, "\(Self.ranges(server))")
        #expect(try ask(["rate", "usd", "on", "2024-03-01"]) == table)
        #expect(try ask(["--offline", "rate", "usd", "on", "2024-03-01"]) == table)
        _ = try ask(["rate", "jpy", "ngn", "on", "2024-03-04"])
        #expect(Self.ranges(server).count == 3, "\(Self.ranges(server))")

        // An older day's table: only the days before those held, after which every currency
        // still answers on every day held.
        let february = try ask(["rate", "usd", "on", "2024-02-01"])
        #expect(Self.ranges(server).last?.contains("from=2024-02-01&to=2024-02-29&base=EUR") == true, "\(Self.ranges(server))")
        #expect(try ask(["rate", "usd", "on", "2024-02-01"]) == february)
        _ = try ask(["rate", "usd", "gbp", "on", "2024-06-03"])
        _ = try ask(["rate", "jpy", "ngn", "on", "2024-02-15"])
        #expect(Self.ranges(server).count == 4, "\(Self.ranges(server))")

        // Each one brought days or currencies not held: none wasted.
        #expect(Self.counted(fx)?.requests == server.requests.count && Self.counted(fx)?.wasted == 0, "\(server.requests.map(\.path))")
    }

    @Test func aRangeIsFetchedOnceThenAnsweredFromTheCache() throws {
        let history = Self.history(through: Day(utc: Date()))
        let server = try Self.server(history)
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        let question = ["--source", "frankfurter", "history", "usd", "ngn", "2024", "--csv"]
        let first = try fx.run(question)
        #expect(first.status == 0, "\(first.stderr)")
        // 2024's weekdays, and the header.
        #expect(first.stdout.split(separator: "\n").count == 262 + 1, "\(first.stdout)")
        #expect(Self.ranges(server).count == 1, "\(Self.ranges(server))")
        #expect(try fx.run(question).stdout == first.stdout)
        #expect(try fx.run(["--offline"] + question).stdout == first.stdout)
        // A span within it, and a dated question inside it: none either.
        #expect(try fx.run(["--source", "frankfurter", "history", "usd", "ngn", "from", "2024-05-01", "to", "2024-05-31"]).status == 0)
        #expect(try fx.run(["--source", "frankfurter", "rate", "ngn", "usd", "on", "2024-07-15"]).status == 0)
        #expect(Self.ranges(server).count == 1, "\(Self.ranges(server))")
        // The month before: only its days, not again those held; then held too.
        let december = ["--source", "frankfurter", "history", "usd", "ngn", "from", "2023-12-01", "to", "2023-12-31", "--csv"]
        #expect(try fx.run(december).stdout.split(separator: "\n").count == 21 + 1)
        #expect(
            Self.ranges(server).last?.contains("from=2023-12-01&to=2023-12-31&base=EUR&quotes=NGN,USD") == true, "\(Self.ranges(server))")
        #expect(try fx.run(december).status == 0 && Self.ranges(server).count == 2)
        // Each one brought days or currencies not held: none wasted.
        #expect(Self.counted(fx)?.requests == server.requests.count && Self.counted(fx)?.wasted == 0, "\(server.requests.map(\.path))")
    }

    /// The list `sources` shows is a request like any other: counted in usage.json, as wasted
    /// when it brings the list already kept.
    @Test func theInstitutionsListIsCounted() throws {
        let history = Self.history(through: Day(utc: Date()))
        let server = try Self.server(history)
        defer { server.stop() }
        let fx = Self.runner(server)
        defer { fx.cleanUp() }
        #expect(try fx.run(["refresh", "frankfurter"]).status == 0)
        let asked = server.requests.map(\.path)
        #expect(asked.filter { $0 == "/frankfurter/providers" }.count == 1, "\(asked)")
        #expect(Self.counted(fx)?.requests == asked.count, "\(asked)")
        // `sources` within the hour: the kept copy, no request.
        #expect(try fx.run(["sources"]).stdout.contains("frankfurter relays 2 institutions"))
        #expect(server.requests.count == asked.count)
        // `refresh` again: the same rates (a request each, wasted) and the same list, also wasted.
        #expect(try fx.run(["refresh", "frankfurter"]).status == 0)
        let usage = FileUsageStore(directory: fx.home.appendingPathComponent("cache/fx").path).load()[.frankfurter]
        #expect(usage?.requests == server.requests.count, "\(server.requests.map(\.path))")
        #expect(usage?.wasted == server.requests.count - asked.count, "\(String(describing: usage))")
    }
}
