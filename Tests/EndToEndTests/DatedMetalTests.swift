import FXRates
import FXTestSupport
import Foundation
import Testing

/// A dated question about a metal: the blend sends EUR→XAU rounded to 5 decimals (0.00034, two
/// digits, ±1.5%), and gold's own prices with 5–6 digits. The answer takes the precise ones, as
/// the latest table does; when they cannot be had, it says the rate it used is coarse.
@Suite struct DatedMetalTests {
    static let days = (day("2025-06-02").ordinal...day("2025-06-20").ordinal).map(Day.init(ordinal:)).filter { $0.weekday <= 5 }
    /// EUR per ounce of gold and of silver, and USD per EUR, each a function of the day (2 and 4 decimals, as the blend sends them).
    static func eurPerGold(_ index: Int) -> Decimal { Decimal(289_012 + 137 * index) / 100 }
    static func eurPerSilver(_ index: Int) -> Decimal { Decimal(3_105 + 7 * index) / 100 }
    static func usdPerEur(_ index: Int) -> Decimal { Decimal(11_321 + 3 * index) / 10_000 }

    /// A value rounded as the blend rounds it (`Roundable`): 6 decimals below 0.0001, 5 below 1.
    static func roundable(_ value: Decimal) -> Decimal {
        value < Decimal(string: "0.0001")! ? value.rounded(scale: 6) : value < 1 ? value.rounded(scale: 5) : value.rounded(scale: 4)
    }

    /// `rates?base=EUR…` (metals coarse) and, unless `goldFails`, `rates?base=XAU…` as NDJSON ranges.
    static func server(goldFails: Bool = false) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            guard let parts = URLComponents(string: request.path), parts.path == "/frankfurter/rates" else { return .status(404) }
            let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            let from = query["from"].flatMap { Day(iso: $0) } ?? days[0]
            let to = query["to"].flatMap { Day(iso: $0) } ?? days.last!
            let quotes = query["quotes"].map { Set($0.split(separator: ",").map(String.init)) }
            var body = ""
            for (index, day) in days.enumerated() where day >= from && day <= to {
                var rows: [(String, Decimal)]
                switch query["base"] {
                case "EUR":
                    rows = [
                        ("USD", usdPerEur(index)), ("XAG", roundable(1 / eurPerSilver(index))), ("XAU", roundable(1 / eurPerGold(index))),
                    ]
                case "XAU" where !goldFails:
                    rows = [("EUR", eurPerGold(index)), ("XAG", (eurPerGold(index) / eurPerSilver(index)).rounded(scale: 4))]
                default: return .status(422)
                }
                rows = rows.filter { quotes?.contains($0.0) ?? true }
                for (quote, rate) in rows {
                    body += #"{"date":"\#(day)","base":"\#(query["base"]!)","quote":"\#(quote)","rate":\#(rate)}"# + "\n"
                }
            }
            return .ok(Data(body.utf8), contentType: "application/x-ndjson")
        }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(jsonAnswer(text))
    }

    @Test func aDatedMetalTakesGoldsOwnPrices() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fx = FrankfurterRequestTests.runner(server)
        defer { fx.cleanUp() }
        let index = try #require(Self.days.firstIndex(of: day("2025-06-13")))
        let result = try fx.run(["--source", "frankfurter", "--json", "10", "xau", "usd", "on", "2025-06-13"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try Self.json(result.stdout)
        // 10 oz × EUR per oz × USD per EUR, rounded once.
        let expected = (10 * Self.eurPerGold(index) * Self.usdPerEur(index)).rounded(scale: 2)
        #expect(json["result"].flatMap { Decimal(string: "\($0)") } == expected, "\(result.stdout)")
        #expect(json["precision"] == nil, "\(result.stdout)")
        #expect(!result.stderr.contains("significant digit"), "\(result.stderr)")
        // Silver through gold's price too: (XAG per XAU) ÷ (EUR per XAU).
        let silver = try Self.json(try fx.run(["--source", "frankfurter", "--json", "100", "xag", "eur", "on", "2025-06-13"]).stdout)
        let xagPerXau = (Self.eurPerGold(index) / Self.eurPerSilver(index)).rounded(scale: 4)
        #expect(silver["result"].flatMap { Decimal(string: "\($0)") } == (100 * Self.eurPerGold(index) / xagPerXau).rounded(scale: 2))
    }

    @Test func aCoarseDatedMetalIsSaidCoarse() throws {
        let server = try Self.server(goldFails: true)
        defer { server.stop() }
        let fx = FrankfurterRequestTests.runner(server)
        defer { fx.cleanUp() }
        let result = try fx.run(["--source", "frankfurter", "--json", "10", "xau", "usd", "on", "2025-06-13"])
        #expect(result.status == 0, "\(result.stderr)")
        let precision = try #require(try Self.json(result.stdout)["precision"] as? [String: Any], "\(result.stdout)")
        // 1 ÷ 2,907.45 EUR is sent as 0.00034: two digits.
        #expect(precision["currency"] as? String == "XAU" && precision["significant_digits"] as? Int == 2, "\(precision)")
        let text = try fx.run(["--source", "frankfurter", "10", "xau", "usd", "on", "2025-06-13"])
        #expect(text.stderr.contains("publishes XAU with 2 significant digits"), "\(text.stderr)")
    }
}
