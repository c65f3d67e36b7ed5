import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built `fx` against a loopback server answering for all six providers, with keys set in
/// the environment: `sources`, `refresh`, answers from each, and no key anywhere it should not be.
@Suite struct SixSourcesTests {
    static let oxrKey = "oxr-SECRET-4f1d9c"
    static let nasdaqKey = "nasdaq-SECRET-77ab01"

    /// Routes every provider's documented paths; records requests for the assertions.
    static func server() throws -> LoopbackHTTPServer {
        let ecbDaily = ECBServer.daily(dated: ECBServer.latestPublicationDate())
        let friday = BuiltInRates.ecb.latest
        let frankfurterLatest = Data(FrankfurterV2Body.latest(friday).utf8)
        return try LoopbackHTTPServer { request in
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            switch path {
            case "/ecb/eurofxref-daily.xml": return .ok(ecbDaily, headers: ["ETag": "\"d1\""])
            case "/frankfurter/rates": return .ok(frankfurterLatest, contentType: "application/json")
            case "/boc/observations/group/FX_RATES_DAILY/json":
                return .ok(sharedFixture("boc/fx-rates-daily-recent2.constructed.json"), contentType: "application/json")
            case "/oxr/latest.json":
                guard request.path.contains("app_id=\(oxrKey)") else {
                    return .response(
                        status: 401, headers: ["Content-Type": "application/json"],
                        body: Data(
                            #"{"error":true,"status":401,"message":"invalid_app_id","description":"Invalid App ID provided."}"#.utf8))
                }
                return .ok(sharedFixture("oxr/latest.json"), contentType: "application/json")
            case "/dunamu/forex/recent": return .ok(sharedFixture("dunamu/recent-krwusd.json"), contentType: "application/json")
            case "/nasdaq/datasets/ECB/EURUSD/data.json":
                guard request.path.contains("api_key=\(nasdaqKey)") else { return .status(400) }
                return .ok(sharedFixture("nasdaq/dataset-data-fx.constructed.json"), contentType: "application/json")
            default: return CryptoEndToEndTests.latestRoutes[path] ?? .status(404, body: "not found")
            }
        }
    }

    static func runner(_ server: LoopbackHTTPServer) throws -> FXRunner {
        var fx = FXRunner(ecbURL: server.ecbURL)
        for about in SourceRegistry.standard.descriptions where about.id != .ecb {
            fx.environment[about.urlVariable] = server.baseURL.appendingPathComponent("\(about.id)/").absoluteString
        }
        fx.environment["FX_OXR_APP_ID"] = oxrKey
        fx.environment["FX_NASDAQ_API_KEY"] = nasdaqKey
        // Nasdaq is opt-in, and its datasets are configuration.
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"{"sources": {"nasdaq": {"enabled": true, "datasets": [{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}]}}}"#
                .utf8
        )
        .write(to: config)
        return fx
    }

    @Test func sixSourcesAnswerAndNoKeyLeaks() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = try Self.runner(server)
        defer { fx.cleanUp() }

        let refresh = try fx.run(["refresh"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let lines = refresh.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.map { String($0.prefix { $0 != ":" }) } == ["ecb", "frankfurter", "boc", "oxr", "dunamu", "nasdaq", "coinbase", "kraken"])
        #expect(lines.allSatisfy { $0.contains(": updated") }, "\(refresh.stdout)")
        // Every source asked once, at once: Coinbase once per asset (5); and Frankfurter's list of
        // institutions (its `providers` route, not served here).
        #expect(server.requests.count == 7 + 5 + 1)

        let sources = try fx.run(["sources"])
        #expect(sources.status == 0)
        let all = sources.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        // The institutions Frankfurter relays are listed under it, indented, off until named.
        let relayed = sources.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(relayed.map { $0.split(separator: " ").first.map(String.init) } == ["hmrc", "ust", "nbp"])
        #expect(relayed.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true)[1] == "no" })
        let rows = all.filter { !["hmrc", "ust", "nbp"].contains($0.first ?? "") }
        #expect(rows.map { $0.first } == ["ecb", "frankfurter", "boc", "oxr", "dunamu", "nasdaq", "coinbase", "kraken"])
        #expect(rows.allSatisfy { $0.count > 2 && $0[1] == "yes" })
        // Keys: "set" for the two that need one, "-" for the others.
        #expect(rows.map { $0[2] } == ["-", "-", "-", "set", "-", "set", "-", "-"])
        #expect(rows[3][3] == "USD" && rows[2][3] == "CAD" && rows[4][3] == "KRW")
        #expect(sources.stdout.contains("1/1000"))  // OXR's one request of the free plan's quota

        // Each source answers when asked alone; a pair one source lacks is named.
        let fromOXR = try fx.run(["--source", "oxr", "--json", "rate", "usd", "jpy"])
        #expect(fromOXR.stdout.contains(#""rate":"105.76383333""#), "\(fromOXR.stdout) \(fromOXR.stderr)")
        let fromBoC = try fx.run(["--source", "boc", "--json", "convert", "100", "usd", "cad"])
        #expect(fromBoC.status == 0, "\(fromBoC.stderr)")
        #expect(fromBoC.stdout.contains(#""source":"boc""#))
        let fromDunamu = try fx.run(["--source", "dunamu", "convert", "100", "usd", "krw"])
        #expect(fromDunamu.stdout == "100.00 USD = 133,800 KRW\n", "\(fromDunamu.stderr)")
        let fromNasdaq = try fx.run(["--source", "nasdaq", "convert", "100", "eur", "usd"])
        #expect(fromNasdaq.stdout == "100.00 EUR = 117.41 USD\n", "\(fromNasdaq.stderr)")

        // Within their schedules nothing is asked again.
        let before = server.requests.count
        _ = try fx.run(["100", "usd", "eur"])
        #expect(server.requests.count == before)

        // Each source's EUR/USD, the median and the deviations; Dunamu has no EUR and says so.
        let compare = try fx.run(["sources", "compare", "eur", "usd"])
        #expect(compare.status == 0, "\(compare.stderr)")
        let compared = compare.stdout.split(separator: "\n").map(String.init)
        #expect(compared.first == "1 EUR in USD:")
        #expect(compared.last?.hasSuffix("median") == true)
        // Rates stand on one decimal point, so the padding depends on the other sources' digits.
        #expect(compared.contains { $0.hasPrefix("  nasdaq  ") && $0.contains(" 1.1741") && $0.contains("  2021-03-30  ") }, "\(compared)")
        let points = Set(
            compared.dropFirst().filter { $0.contains("%") || $0.hasSuffix("median") }.compactMap { line in
                line.firstIndex(of: ".").map { line.distance(from: line.startIndex, to: $0) }
            })
        #expect(points.count == 1, "\(compared)")
        #expect(compared.contains { $0.hasPrefix("  dunamu") && $0.contains("EUR") })
        // Kraken quotes EUR/USD too; Coinbase prices assets in USD only and says it has no EUR.
        #expect(compared.contains { $0.hasPrefix("  coinbase") && $0.contains("EUR") })
        #expect(compared.filter { $0.contains("%") }.count == 6)

        // Dated questions come from the sources that keep a history, and --source says so.
        let dated = try fx.run(["--source", "dunamu", "rate", "usd", "krw", "on", "2026-03-18"])
        #expect(dated.status == 2)
        #expect(
            dated.stderr
                == "fx: The dunamu source keeps no history here; dated questions and 'history' come from ecb, frankfurter, boc, nasdaq, coinbase, kraken, hmrc, ust and nbp.\n"
        )

        // A currency only OXR has comes from it, in order, without --source.
        let kwd = try fx.run(["--json", "convert", "100", "usd", "kwd"])
        #expect(kwd.stdout.contains(#""source":"oxr""#), "\(kwd.stdout) \(kwd.stderr)")

        // The keys appear in no output and no file fx wrote.
        for output in [refresh, sources, fromOXR, fromBoC, fromDunamu, fromNasdaq, kwd] {
            for key in [Self.oxrKey, Self.nasdaqKey] {
                #expect(!output.stdout.contains(key) && !output.stderr.contains(key))
            }
        }
        let written = try FileManager.default.subpathsOfDirectory(atPath: fx.home.path)
            .map { fx.home.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { !$0.path.hasSuffix("config.json") }
        #expect(written.contains { $0.lastPathComponent == "latest.json" })
        #expect(written.contains { $0.lastPathComponent == "usage.json" })
        #expect(written.contains { $0.lastPathComponent == "log.jsonl" })
        for file in written {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(!text.contains(Self.oxrKey) && !text.contains(Self.nasdaqKey), "key in \(file.path)")
        }
    }

    @Test func aCoarseRateIsUsedOnlyWhenNothingPreciseCanAnswerAndThenSaysSo() throws {
        let server = try Self.server()
        defer { server.stop() }
        var fx = try Self.runner(server)
        defer { fx.cleanUp() }
        // The ECB and Frankfurter fail; the Bank of Canada publishes IDR as 0.000081.
        for id in ["ECB", "FRANKFURTER"] { fx.environment["FX_\(id)_URL"] = server.baseURL.appendingPathComponent("down/").absoluteString }

        // Open Exchange Rates, later in order, has IDR to many digits: it answers instead.
        let precise = try fx.run(["--json", "100", "usd", "idr"])
        #expect(precise.status == 0, "\(precise.stderr)")
        #expect(precise.stdout.contains(#""source":"oxr""#), "\(precise.stdout)")
        #expect(!precise.stdout.contains("precision") && !precise.stderr.contains("significant"), "\(precise.stderr)")

        // Without it, only the coarse rate is left: the answer says which source, how many digits, and the ±.
        fx.environment["FX_OXR_APP_ID"] = nil
        let coarse = try fx.run(["100", "usd", "idr"])
        #expect(coarse.status == 0, "\(coarse.stderr)")
        #expect(coarse.stdout.hasPrefix("100.00 USD = "), "\(coarse.stdout)")
        #expect(
            coarse.stderr.contains(
                "warning: Bank of Canada publishes IDR with 2 significant digits (±0.6%); the result is not exact to its last digit\n"),
            "\(coarse.stderr)")
        #expect(coarse.stderr.contains("using Bank of Canada instead"), "\(coarse.stderr)")
        let json = try fx.run(["--json", "100", "usd", "idr"])
        #expect(
            json.stdout.contains(#""precision":{"source":"boc","currency":"IDR","significant_digits":2,"uncertainty_percent":"0.6"}"#),
            "\(json.stdout)")
    }

    @Test func refreshingADisabledSourceSaysHowToEnableIt() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["refresh", "nasdaq"])
        #expect(result.status == 2)
        #expect(result.stderr == "fx: The source 'nasdaq' is disabled; 'fx sources enable nasdaq' turns it on.\n")
    }

    @Test func aWrongKeyIsOneClearLineAndNeverShown() throws {
        let server = try Self.server()
        defer { server.stop() }
        var fx = try Self.runner(server)
        defer { fx.cleanUp() }
        fx.environment["FX_OXR_APP_ID"] = "wrong-SECRET-0000"
        let result = try fx.run(["refresh", "oxr"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("oxr: failed: "), "\(result.stdout)")
        #expect(result.stdout.contains("app ID"), "\(result.stdout)")
        #expect(!result.stdout.contains("wrong-SECRET-0000") && !result.stderr.contains("wrong-SECRET-0000"))
        let sources = try fx.run(["sources"])
        #expect(!sources.stdout.contains("wrong-SECRET-0000"))
        #expect(sources.stdout.contains("app ID"))
    }
}
