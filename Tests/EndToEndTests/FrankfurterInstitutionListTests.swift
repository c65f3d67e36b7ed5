import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built `fx` against a loopback Frankfurter v2 server: `sources` lists the institutions of
/// its `providers` route (kept for offline runs, never fetched by a conversion), and `--explain`
/// shows each institution's own rate and day under a blended row.
@Suite struct FrankfurterInstitutionListTests {
    static let latest: String = {
        let ecb = BuiltInRates.ecb.latest
        var rates = ecb.rates
        rates[CurrencyCode("NGN")!] = Decimal(string: "1712.46")!
        let table = RateTable(base: .eur, date: ecb.date, rates: rates, rowDates: [CurrencyCode("NGN")!: ecb.date.adding(days: -1)])
        return FrankfurterV2Body.latest(table, institutions: ["ECB", "BOC"], institutionsOf: ["NGN": ["CBN"]])
    }()

    private static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(routes: [
            "/frankfurter/rates": .ok(Data(latest.utf8), contentType: "application/json"),
            "/frankfurter/providers": .ok(
                ratesFixture("frankfurter-v2/providers-hmrc-ust.constructed.json"), contentType: "application/json"),
        ])
    }

    @Test func sourcesListsTheRelayedInstitutionsAndKeepsThemOffline() throws {
        let server = try Self.server()
        defer { server.stop() }
        var fx = FXRunner()
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        defer { fx.cleanUp() }
        // A conversion never asks for the list.
        #expect(try fx.run(["100", "usd", "ngn"]).status == 0)
        #expect(!server.requests.contains { $0.path.hasPrefix("/frankfurter/providers") })

        let listed = try fx.run(["sources"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("frankfurter relays 2 institutions"), "\(listed.stdout)")
        #expect(listed.stdout.contains("HMRC  HM Revenue & Customs (GB)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("monthly    2021-01-01…2026-09-01  7 cur  via frankfurter, --source hmrc"), "\(listed.stdout)")
        #expect(listed.stdout.contains("UST   U.S. Department of the Treasury (US)  quarterly  2001-03-31…2026-08-31  9 cur"))
        #expect(server.requests.filter { $0.path == "/frankfurter/providers" }.count == 1)

        // Offline, from the kept copy; JSON says each one's path.
        let offline = try fx.run(["--offline", "--json", "sources"])
        let object = try #require(jsonAnswer(offline.stdout))
        let providers = try #require((object["institutions"] as? [String: Any])?["providers"] as? [[String: Any]])
        #expect(providers.map { $0["key"] as? String } == ["HMRC", "UST"])
        #expect(providers.first?["frequency"] as? String == "monthly" && providers.first?["country"] as? String == "GB")
        #expect(providers.first?["path"] as? String == "via frankfurter" && providers.first?["source"] as? String == "hmrc")
        #expect(server.requests.filter { $0.path == "/frankfurter/providers" }.count == 1)
        // `refresh` asks again whatever the copy's age.
        #expect(try fx.run(["refresh"]).status == 0)
        #expect(server.requests.filter { $0.path == "/frankfurter/providers" }.count == 2)
    }

    @Test func explainListsEachInstitutionsOwnRateAndDay() throws {
        let server = try Self.server()
        defer { server.stop() }
        var fx = FXRunner()
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        defer { fx.cleanUp() }
        let usd = try #require(BuiltInRates.ecb.latest.rates[.usd])
        let day = BuiltInRates.ecb.latest.date
        let text = try fx.run(["--explain", "--source", "frankfurter", "100", "usd", "ngn"])
        #expect(text.status == 0, "\(text.stderr)")
        let output = text.stdout + text.stderr
        #expect(output.contains("\n    ECB  \(usd)  \(day)\n    BOC  \(usd)  \(day)\n"), "\(output)")
        #expect(output.contains("\n    CBN  1712.46  \(day.adding(days: -1))"), "\(output)")
        // The second run answers from the cache, which kept the institutions' rates.
        let json = try fx.run(["--explain", "--json", "--source", "frankfurter", "100", "usd", "ngn"])
        let object = try #require(jsonAnswer(json.stdout))
        #expect(object["origin"] as? String == "cache")
        let steps = try #require((object["explain"] as? [String: Any])?["steps"] as? [[String: Any]])
        let rates = try #require(steps.first?["rates"] as? [[String: Any]])
        let ngn = try #require(rates.first { ($0["name"] as? String)?.hasPrefix("NGN") == true }?["institutions"] as? [[String: Any]])
        #expect(ngn.first?["key"] as? String == "CBN" && ngn.first?["rate"] as? String == "1712.46")
        #expect(ngn.first?["as_of"] as? String == day.adding(days: -1).description)
    }
}
