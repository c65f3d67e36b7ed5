import FXRates
import FXTestSupport
import Foundation
import Testing

/// The built `fx` against a loopback Frankfurter v2 server that prices every ISO 4217 currency
/// with minor units and the four metals: each converts keyless, exactly by the published row,
/// with the blend (or the peg) and the row's own date in text and JSON.
@Suite struct WorldCurrenciesTests {
    static let newest = day("2026-11-24")
    static let older = day("2026-11-20")

    /// Every currency the server quotes (not the euro, its base), with its row.
    struct Row {
        let code: CurrencyCode
        let rate: Decimal
        let day: Day
        let institutions: [String]
    }

    /// Rates with two decimals and at least four digits, so that 100 EUR in any of them is exact;
    /// every third row dated days before the newest (carried forward), one institution or three.
    static let rows: [Row] = {
        let codes =
            CurrencyCatalog.standard.all.filter { $0.minorUnits != nil && $0.code != .eur }.map(\.code)
            + FrankfurterSource.metals
        return codes.enumerated().map { index, code in
            if let peg = Pegs.peg(of: code), peg.anchor == .eur {
                return Row(code: code, rate: peg.rate, day: newest, institutions: [])
            }
            let metal = FrankfurterSource.metals.contains(code)
            // Metals per ounce against the euro with four digits (an odd last one, never dropped as a trailing zero).
            let rate = metal ? Decimal(string: "0.00\(2501 + 2 * index)")! : Decimal(10 + index) + Decimal(index * 37 % 100) / 100
            return Row(
                code: code, rate: rate, day: index % 3 == 0 ? older : newest,
                institutions: index % 2 == 0 ? ["ECB", "FRED", "BOC"] : ["CBN"])
        }
    }()

    /// `roundingPegs`: pegged rows as the server sends them, rounded by its `Roundable` (655.957 → 655.96).
    static func latestBody(roundingPegs: Bool = false) -> String {
        let lines = rows.map { row in
            let rate = roundingPegs && row.institutions.isEmpty ? row.rate.rounded(scale: 2) : row.rate
            var text = #"{"date":"\#(row.day)","base":"EUR","quote":"\#(row.code)","rate":\#(rate)"#
            if !row.institutions.isEmpty {
                let listed = row.institutions.map { #"{"key":"\#($0)","date":"\#(row.day)","rate":\#(row.rate)}"# }
                text += #","providers":[\#(listed.joined(separator: ","))]"#
            }
            return text + "}"
        }
        return "[" + (lines + [#"{"date":"\#(newest)","base":"EUR","quote":"EUR","rate":1.0}"#]).joined(separator: ",") + "]"
    }

    /// A loopback Frankfurter v2 serving `latestBody()`, and an fx pointed at it.
    static func rig(roundingPegs: Bool = false) throws -> (LoopbackHTTPServer, FXRunner) {
        let body = Data(latestBody(roundingPegs: roundingPegs).utf8)
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/frankfurter/rates?base=EUR") ? .ok(body, contentType: "application/json") : .status(404)
        }
        var fx = FXRunner()
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        return (server, fx)
    }

    @Test func everyCurrencyConvertsExactlyWithItsInstitutionsAndDate() throws {
        let (server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }

        for row in Self.rows {
            let places = CurrencyCatalog.standard.minorUnits(of: row.code)
            let expected = DecimalFormat.fixed(100 * row.rate, fractionDigits: places)
            let basis =
                row.institutions.isEmpty
                ? Pegs.peg(of: row.code)!.text
                : "Frankfurter blend of \(row.institutions.count) central bank\(row.institutions.count == 1 ? "" : "s")"

            let json = try fx.run(["--source", "frankfurter", "--json", "100", "eur", row.code.rawValue])
            #expect(json.status == 0, "\(row.code): \(json.stderr)")
            let object = try #require(jsonAnswer(json.stdout), "\(row.code)")
            #expect(object["result"] as? String == expected, "\(row.code)")
            #expect(object["as_of"] as? String == row.day.description, "\(row.code)")
            #expect(object["basis"] as? String == basis, "\(row.code)")
            #expect(object["source"] as? String == "frankfurter", "\(row.code)")

            // Piped, the text is the answer alone (provenance lines are for a person at a terminal).
            let text = try fx.run(["--source", "frankfurter", "100", "eur", row.code.rawValue])
            #expect(text.status == 0, "\(row.code): \(text.stderr)")
            let grouped = DecimalFormat.fixed(100 * row.rate, fractionDigits: places, grouping: true)
            #expect(text.stdout == "100.00 EUR = \(grouped) \(row.code)\n", "\(row.code)")
        }
        // One fetch answered every question after it, from the cache.
        #expect(server.requests.count == 1)
    }

    /// Keyless in the default order: the ECB (down here) has no NGN; Frankfurter's blend answers,
    /// dated by the older of the pair's two rows.
    @Test func aCurrencyTheECBLacksAnswersFromTheBlend() throws {
        let (server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        let usd = try #require(Self.rows.first { $0.code == .usd }), ngn = try #require(Self.rows.first { $0.code == code("NGN") })
        let result = try fx.run(["--json", "100", "usd", "ngn"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(jsonAnswer(result.stdout))
        #expect(object["source"] as? String == "frankfurter")
        #expect(object["as_of"] as? String == min(usd.day, ngn.day).description)
        #expect(object["result"] as? String == DecimalFormat.fixed(100 * ngn.rate / usd.rate, fractionDigits: 2))
    }

    /// A pegged row against its anchor answers the peg exactly, not two rounded EUR rows divided.
    @Test func aPegAgainstItsAnchorIsExact() throws {
        let (server, fx) = try Self.rig()
        defer { server.stop() }
        defer { fx.cleanUp() }
        // XOF is pegged to the euro at 655.957: its row carries no institutions.
        let result = try fx.run(["--json", "--source", "frankfurter", "1000", "xof", "eur"])
        let object = try #require(jsonAnswer(result.stdout))
        #expect(object["result"] as? String == "1.52", "\(result.stdout)")
        #expect(object["basis"] as? String == "XOF pegged to EUR at 655.957 by the Banque Centrale des États de l'Afrique de l'Ouest")
    }

    /// The server sends the peg's row rounded (EUR→XOF 655.96); an answer that names the peg is
    /// made with it: USD→EUR × 655.957, exactly.
    @Test func aPegNamedIsThePegUsed() throws {
        let (server, fx) = try Self.rig(roundingPegs: true)
        defer { server.stop() }
        defer { fx.cleanUp() }
        let usd = try #require(Self.rows.first { $0.code == .usd })
        for (code, amount) in [("xof", "1000000"), ("xaf", "250000")] {
            let result = try fx.run(["--json", "--source", "frankfurter", amount, "usd", code])
            let object = try #require(jsonAnswer(result.stdout))
            let expected = Decimal(string: amount)! * Decimal(string: "655.957")! / usd.rate
            #expect(object["result"] as? String == DecimalFormat.fixed(expected, fractionDigits: 0), "\(result.stdout)")
            #expect((object["basis"] as? String)?.contains("pegged to EUR at 655.957") == true, "\(result.stdout)")
        }
    }

    /// Offline on a first run: a currency pegged by law answers from the peg and says so; a
    /// floating one never fetched is refused in one line that says how to get it.
    @Test func offlineFirstRun() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let pegged = try fx.run(["--offline", "100", "usd", "aed"])
        #expect(pegged.status == 0, "\(pegged.stderr)")
        #expect(pegged.stdout == "100.00 USD = 367.25 AED\n")
        let json = try fx.run(["--offline", "--json", "100", "usd", "aed"])
        let object = try #require(jsonAnswer(json.stdout))
        #expect(object["basis"] as? String == "AED pegged to USD at 3.6725 by the Central Bank of the UAE")
        #expect(object["as_of"] as? String == "1997-11-02" && object["origin"] as? String == "built-in")
        // Through the anchor: the ECB's built-in EUR/USD times the peg.
        let euro = try fx.run(["--offline", "--json", "100", "eur", "sar"])
        let crossed = try #require(jsonAnswer(euro.stdout))
        let usd = try #require(BuiltInRates.ecb.latest.rates[.usd])
        #expect(crossed["result"] as? String == DecimalFormat.fixed(100 * usd * 3.75, fractionDigits: 2), "\(euro.stdout)")
        let floating = try fx.run(["--offline", "100", "usd", "ngn"])
        #expect(floating.status != 0)
        #expect(floating.stderr.split(separator: "\n").count == 1, "\(floating.stderr)")
        #expect(
            floating.stderr
                == "fx: No rate for NGN offline: it must be fetched once ('fx refresh frankfurter' when online), then the cache answers offline.\n"
        )
        // Online but unreachable, the same currency says what failed.
        let down = try fx.run(["100", "usd", "ngn"])
        #expect(down.status != 0)
        #expect(down.stderr.hasPrefix("fx: No rate for NGN yet: it must be fetched once, and frankfurter failed ("), "\(down.stderr)")
        #expect(down.stderr.split(separator: "\n").count == 1, "\(down.stderr)")
    }
}
