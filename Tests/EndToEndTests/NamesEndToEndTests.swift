import FXRates
import FXTestSupport
import Foundation
import Testing

/// Names, symbols, questions and metals in the built `fx` (issue 24 §1): each answer is the one
/// its codes give, and says on stderr (text) or in `understood` (JSON) what a name was read as.
@Suite(.serialized) struct NamesEndToEndTests {
    typealias Figures = CalculatorEndToEndTests

    @Test func namesAnswerAsTheirCodesAndSayWhatTheyMeant() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let dollars = try fx.run(["100 dollars to euros"])
        #expect(dollars.status == 0, "\(dollars.stderr)")
        #expect(dollars.stdout == "100.00 USD = \(Figures.shown(Figures.converted(100, "USD", "EUR"))) EUR\n")
        #expect(dollars.stderr.contains("note: dollars = USD (US Dollar)"), "\(dollars.stderr)")

        let francs = try fx.run(["100", "Swiss", "Francs", "in", "EUR"])
        #expect(francs.stdout == "100.00 CHF = \(Figures.shown(Figures.converted(100, "CHF", "EUR"))) EUR\n", "\(francs.stderr)")
        #expect(!francs.stderr.contains("note:"), "an unambiguous name needs no note: \(francs.stderr)")

        let crowns = try fx.run(["kr 100 eur"])
        #expect(crowns.stdout == "100.00 SEK = \(Figures.shown(Figures.converted(100, "SEK", "EUR"))) EUR\n", "\(crowns.stderr)")
        #expect(crowns.stderr.contains("note: kr = SEK (Swedish Krona)"), "\(crowns.stderr)")

        let json = try fx.run(["--json", "100 euros in yen"])
        let object = try #require(jsonAnswer(json.stdout), "\(json.stdout)")
        let understood = try #require(object["understood"] as? [[String: String]])
        #expect(understood.map { $0["word"] } == ["euros", "yen"])
        #expect(understood.map { $0["currency"] } == ["EUR", "JPY"])
        #expect(understood.map { $0["chosen"] } == ["only", "only"])
        #expect(!json.stderr.contains("note:"), "JSON says it in the object: \(json.stderr)")
        let plain = try fx.run(["--json", "100 eur jpy"])
        #expect(!plain.stdout.contains("understood"), "a line of codes has nothing to say: \(plain.stdout)")
    }

    @Test func theHomeCurrencyDecidesWhatAnAmbiguousNameMeans() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let script = try fx.run([], stdin: "set home cad\n100 dollars eur\n--json 1 dollar eur\n")
        let cad = Figures.shown(Figures.converted(100, "CAD", "EUR"))
        #expect(script.stdout.contains("100.00 CAD = \(cad) EUR\n"), "\(script.stdout) \(script.stderr)")
        #expect(script.stderr.contains("note: dollars = CAD (Canadian Dollar), the home currency"), "\(script.stderr)")
        let json = try fx.run(["--json", "1 dollar eur"])
        #expect(
            json.stdout.contains(#""understood":[{"word":"dollar","currency":"CAD","name":"Canadian Dollar","chosen":"home"}]"#),
            "\(json.stdout)")
    }

    @Test func questionsTickersAndWordsAnswerAsTheirPlainLines() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let plain = try fx.run(["100 usd in eur"])
        #expect(plain.status == 0)
        for question in ["what is 100 usd in eur", "how much is 100 usd in eur?", "100 usd in eur?", "What's 100 USD in EUR?"] {
            #expect(try fx.run([question]).stdout == plain.stdout, "\(question)")
        }
        let rate = try fx.run(["rate eur usd"])
        #expect(try fx.run(["eurusd"]).stdout == rate.stdout)
        #expect(try fx.run(["exchange rate eur usd"]).stdout == rate.stdout)
        let fee = try fx.run(["100 usd to eur + 2% fee"])
        #expect(try fx.run(["100 usd to eur with 2% fee"]).stdout == fee.stdout)
        #expect(try fx.run(["100 usd to eur plus 2% fee"]).stdout == fee.stdout)
        #expect(try fx.run(["2 times 3 minus 1"]).stdout == "2 * 3 - 1 = 5\n")
    }

    @Test func keywordsAndDatesAreNeverSuggestedAsCurrencies() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        for word in ["of", "last", "yesterday"] {
            let result = try fx.run(["100 usd in \(word)"])
            #expect(result.status == 2)
            #expect(!result.stderr.contains("Did you mean"), "\(word): \(result.stderr)")
        }
        #expect(try fx.run(["100 usd in dolars"]).stderr == "fx: Unknown currency 'dolars'. Did you mean 'USD'?\n")
        let lone = try fx.run(["100 eur"])
        #expect(lone.stderr.contains("(100 eur usd)"), "\(lone.stderr)")
    }

    /// Metals come from a source that publishes them: here a Frankfurter v2 on loopback with gold
    /// and silver among its rates (per euro, as Frankfurter writes them).
    @Test func metalsByWeightAreTroyOunces() throws {
        let latest = BuiltInRates.ecb.latest
        var rates = latest.rates
        rates[CurrencyCode("XAU")!] = Decimal(string: "0.0004")!
        rates[CurrencyCode("XAG")!] = Decimal(string: "0.03")!
        let body = Data(FrankfurterV2Body.latest(RateTable(base: .eur, date: latest.date, rates: rates)).utf8)
        let ecbDaily = ECBServer.daily(dated: ECBServer.latestPublicationDate())
        let server = try LoopbackHTTPServer { request in
            switch request.path.split(separator: "?").first.map(String.init) ?? request.path {
            case "/ecb/eurofxref-daily.xml": return .ok(ecbDaily)
            case "/frankfurter/rates": return .ok(body, contentType: "application/json")
            default: return .status(404, body: "not found")
            }
        }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        defer { fx.cleanUp() }

        let ounce = try fx.run(["1 oz gold in eur"])
        #expect(
            ounce.stdout.hasPrefix("1 XAU = 2,500.00 EUR") || ounce.stdout.hasPrefix("1.0000 XAU = 2,500.00 EUR"),
            "\(ounce.stdout) \(ounce.stderr)")
        #expect(ounce.stderr.contains("note: oz = troy ounce (31.1034768 g)"), "\(ounce.stderr)")
        // 100 g is 100 / 31.1034768 troy ounces, at 1 / 0.03 EUR each.
        let grams = try fx.run(["100 g silver in eur"])
        let euros = Decimal(100) / Decimal(string: "31.1034768")! / Decimal(string: "0.03")!
        #expect(grams.stdout.hasSuffix("= \(Figures.shown(euros)) EUR\n"), "\(grams.stdout) \(grams.stderr)")
        #expect(try fx.run(["100g silver in eur"]).stdout == grams.stdout)
        let kilo = try fx.run(["1 kg gold in eur"])
        #expect(
            kilo.stdout.hasSuffix("= \(Figures.shown(Decimal(1000) / Decimal(string: "31.1034768")! / Decimal(string: "0.0004")!)) EUR\n"),
            "\(kilo.stdout) \(kilo.stderr)")
    }
}
