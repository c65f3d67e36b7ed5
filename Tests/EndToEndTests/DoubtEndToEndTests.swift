import FXRates
import FXTestSupport
import Foundation
import Testing

/// Issue 34, items 2, 10, 13 and 14, through the built `fx`: a condition under `--max-age`,
/// `refresh` under `--source`, overdue rates in a pipe, a change of exchange said, an exponent's
/// sign, a currency's name as an alias, and `history` of currencies not asking an exchange.
@Suite struct DoubtEndToEndTests {
    /// A condition judged on rates older than `--max-age` allows exits 3, whether it holds or not.
    @Test(arguments: ["usd eur > 0.5", "usd eur < 0.5"])
    func aConditionOnRatesTooOldExitsWithTheStaleStatus(condition: String) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "--max-age", "1s", condition])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("longer than --max-age 1s allows"), "\(result.stderr)")
        // A calculation is an answer too.
        let sum = try fx.run(["--offline", "--max-age", "1s", "100 usd + 5 eur in gbp"])
        #expect(sum.status == 3, "\(sum.stderr)")
    }

    /// Every source at one server: `--source ecb refresh` sends it the ECB's request alone.
    @Test func refreshUnderSourceAsksThatSourceAlone() throws {
        let daily = ECBServer.daily(dated: ECBServer.latestPublicationDate())
        let server = try LoopbackHTTPServer { request in
            request.path == ECBServer.dailyPath ? .ok(daily) : .status(500, body: "no")
        }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        for id in ["frankfurter", "boc", "oxr", "dunamu", "nasdaq", "kraken", "coinbase"] {
            fx.environment["FX_\(id.uppercased())_URL"] = server.baseURL.appendingPathComponent("\(id)/").absoluteString
        }
        fx.environment["FX_OXR_APP_ID"] = "k3y"
        let result = try fx.run(["--source", "ecb", "refresh"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(server.requests.map(\.path) == [ECBServer.dailyPath])
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
    }

    /// A source that keeps answering with an old table: piped, the bare answer on stdout, and
    /// one line on stderr for the whole run (a terminal has it in the provenance line).
    @Test func overdueRatesAreSaidOncePerRunInAPipe() throws {
        let server = try LoopbackHTTPServer(routes: [ECBServer.dailyPath: .ok(ECBServer.daily(dated: Day(iso: "2026-10-30")!))])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let one = try fx.run(["100", "usd", "eur"])
        #expect(one.status == 0)
        #expect(one.stdout == "100.00 USD = 89.51 EUR\n")
        let lines = one.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(one.stderr)")
        #expect(
            lines.first?.hasPrefix("warning: European Central Bank rates of 2026-10-30 answered, though newer rates are ") == true
                && lines.first?.contains(" overdue (checked ") == true, "\(one.stderr)")

        let script = try fx.run([], stdin: "100 usd eur\n5 gbp jpy\n7 chf usd\n")
        #expect(script.stdout.split(separator: "\n").count == 3, "\(script.stdout)")
        #expect(script.stderr.split(separator: "\n").count == 1, "\(script.stderr)")
        // The stale status keeps its own error, without the note beside it.
        let old = try fx.run(["--max-age", "1d", "100", "usd", "eur"])
        #expect(old.status == 3)
        #expect(!old.stderr.contains("answered, though"), "\(old.stderr)")
    }

    /// Coinbase unreachable, Kraken's price answers: said, not a silent change of exchange.
    @Test func aFallBackFromCoinbaseToKrakenIsSaid() throws {
        let server = try CryptoEndToEndTests.server()
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        fx.environment["FX_KRAKEN_URL"] = server.baseURL.appendingPathComponent("kraken/").absoluteString
        let result = try fx.run(["0.5", "btc", "usd"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(" USD\n"), "\(result.stdout)")
        #expect(result.stderr.contains("Coinbase") && result.stderr.contains("using Kraken instead"), "\(result.stderr)")
    }

    /// `history usd eur` with the central banks down asks no exchange for its crypto markets.
    @Test func historyOfCurrenciesAsksNoExchange() throws {
        let server = try CryptoEndToEndTests.server()
        defer { server.stop() }
        let fx = CryptoEndToEndTests.runner(server)
        defer { fx.cleanUp() }
        _ = try fx.run(["history", "usd", "eur"])
        let asked = server.requests.map(\.path).filter { $0.hasPrefix("/kraken/") || $0.hasPrefix("/coinbase/") }
        #expect(asked.isEmpty, "\(asked)")
    }

    @Test func anExponentWithASignIsSaidWhole() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["1e-40", "usd", "eur"])
        #expect(result.status == 2)
        #expect(
            result.stderr == "fx: Malformed amount '1e-40'. Write the number out; exponents such as 1e3 are not accepted.\n",
            "\(result.stderr)")
    }

    @Test func anAliasMayNotTakeACurrencysName() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["set", "alias", "euro", "usd"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'euro' is fx's name for EUR"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fx.home.appendingPathComponent("config/fx/config.json").path))
    }
}
