import FXTestSupport
import Foundation
import Testing

/// The built `fx` against a loopback ECB: one-shot conversions, rates, JSON and exit statuses.
@Suite struct OneShotTests {
    @Test func convertsWithRealRatesAndCachesThem() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let first = try fx.run(["convert", "100", "usd", "eur"])
        #expect(first.status == 0)
        #expect(first.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(first.stderr == "")
        #expect(server.requests.count == 1)

        // Within the publication window the second run answers from the cache, without a request.
        let second = try fx.run(["100", "usd", "jpy"])
        #expect(second.stdout == "100.00 USD = 15,725 JPY\n")
        #expect(server.requests.count == 1)

        let attributes = try FileManager.default.attributesOfItem(atPath: fx.cacheFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let cache = try JSONSerialization.jsonObject(with: Data(contentsOf: fx.cacheFile)) as? [String: Any]
        #expect(cache?["schema"] as? Int == 1)
        let ecb = (cache?["sources"] as? [String: Any])?["ecb"] as? [String: Any]
        #expect(ecb?["etag"] as? String == "\"v1\"")
        #expect((ecb?["rates"] as? [String: String])?["USD"] == "1.1172")
    }

    /// A cached table met by new answers: the same day re-sent, then a correction. (A release
    /// build once reported such an answer as "no rates"; see `RateService.answer(of:validators:)`.)
    /// Piped, the answer has no provenance line: the day that answered instead of a Saturday is
    /// said on stderr, so `fx … | tee` keeps it.
    @Test func aSubstitutedDayIsNotedOnStandardErrorWhenPiped() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "convert", "100", "usd", "eur", "on", "2026-10-31"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.contains("note: no rates on 2026-10-31 (Saturday); the rates of 2026-10-30 answered\n"), "\(result.stderr)")
        let weekday = try fx.run(["--offline", "convert", "100", "usd", "eur", "on", "2026-10-30"])
        #expect(!weekday.stderr.contains("note:"), "\(weekday.stderr)")
    }

    @Test func refreshOverACachedTableTakesTheNewAnswer() throws {
        let day = ECBServer.latestPublicationDate()
        let same = ECBServer.daily(dated: day)
        let newer = Data(String(decoding: same, as: UTF8.self).replacingOccurrences(of: "rate='1.1172'", with: "rate='1.2000'").utf8)
        let served = Served(same)
        let server = try LoopbackHTTPServer { request in
            // Last-Modified without If-Modified-Since support: each run sends validators and gets a 200.
            request.path == ECBServer.dailyPath
                ? .ok(served.body, headers: ["Last-Modified": "Tue, 24 Nov 2026 07:00:00 GMT"]) : .status(404, body: "not found")
        }
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        #expect(try fx.run(["refresh", "ecb"]).stdout == "ecb: updated \(day) (30 currencies with EUR)\n")
        let again = try fx.run(["refresh", "ecb"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("ecb: unchanged, still \(day)"))
        served.body = newer
        let changed = try fx.run(["refresh", "ecb"])
        #expect(changed.status == 0)
        #expect(changed.stdout == "ecb: updated \(day) → \(day) (30 currencies with EUR; 1 changed)\n")
        #expect(try fx.run(["convert", "120", "usd", "eur"]).stdout == "120.00 USD = 100.00 EUR\n")
        #expect(server.requests.count == 3)
    }

    @Test func ratesAndJSON() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let rate = try fx.run(["rate", "usd/jpy"])
        #expect(rate.status == 0)
        #expect(rate.stdout == "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)\n")

        let json = try fx.run(["--json", "convert", "1,234.56", "gbp", "to", "jpy", "usd"])
        #expect(json.status == 0)
        let conversions = jsonAnswers(json.stdout)
        // 1234.56 × 175.68 / 0.8338 = 260,119.334… → 260119 JPY; 1234.56 × 1.1172 / 0.8338 = 1654.174… → 1654.17 USD
        #expect(conversions.map { $0["result"] as? String } == ["260119", "1654.17"])
        #expect(conversions.first?["source"] as? String == "ecb")
        #expect(conversions.first?["as_of"] as? String == ECBServer.latestPublicationDate().description)
    }

    @Test func usageErrorsExitTwoAndPointAtTheWord() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "convert", "100", "eux", "usd"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("fx: Unknown currency 'EUX'. Did you mean 'EUR'?"))

        let json = try fx.run(["--offline", "--json", "100", "usd", "zzz"])
        #expect(json.status == 2)
        #expect(json.stdout.contains(#""code":"unknown_currency""#))

        let flag = try fx.run(["--max-age", "soon", "100", "usd", "eur"])
        #expect(flag.status == 2)

        let source = try fx.run(["--source", "xyz", "100", "usd", "eur"])
        #expect(source.status == 2)
        #expect(
            source.stderr
                == "fx: Unknown source 'xyz'. Sources: ecb, frankfurter, hmrc, ust, nbp, boc, oxr, dunamu, nasdaq, coinbase, kraken.\n")
    }

    @Test func helpAndVersion() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let help = try fx.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("convert"))
        let version = try fx.run(["--version"])
        #expect(version.stdout.hasPrefix("fx "))
        let topic = try fx.run(["help", "rate"])
        #expect(topic.stdout.contains("Usage: rate <base> [<quote>...]"))
    }
}

/// A body the test changes between runs.
private final class Served: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Data
    init(_ body: Data) { current = body }
    var body: Data {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
