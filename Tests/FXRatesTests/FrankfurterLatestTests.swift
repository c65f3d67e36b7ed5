import Foundation
import FXTestSupport
import Testing
import FXRates

/// Frankfurter v2's latest rates: each row with its own date, the institutions of the blend, pegs.
@Suite("Frankfurter v2 latest")
struct FrankfurterLatestTests {
    private static func source(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> (FrankfurterSource, FakeTransport) {
        let transport = FakeTransport(
            .success(
                HTTPResponse(
                    status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
                    body: body)))
        return (FrankfurterSource(transport: transport), transport)
    }

    @Test func decodesTheLatestSampleExactly() async throws {
        let (source, transport) = Self.source(
            try Fixture.data("frankfurter-v2/rates-latest-eur.constructed.json"), headers: ["ETag": "\"abc\""])
        guard case .fetched(let table, let validators) = try await source.fetchLatest(validators: nil) else {
            Issue.record("expected a table")
            return
        }
        #expect(table.base == .eur && table.date == day("2026-10-30"))
        // 51 rows, the identity row EUR/EUR among them.
        #expect(table.rates.count == 50 && table.rates[.eur] == nil)
        #expect(table.rates[.usd] == dec("1.1172"))
        #expect(table.rates[code("AED")] == dec("4.1029"))
        #expect(table.rates[code("BHD")] == dec("0.42007"))
        #expect(table.rowDates.isEmpty)
        // Asked with expand=providers; rows without a providers list were set by a peg.
        #expect(table.contributors[code("AED")] == [])
        #expect(validators == Validators(etag: "\"abc\""))
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://api.frankfurter.dev/v2/rates?base=EUR&expand=providers")
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test func eachRowKeepsItsDateAndInstitutions() throws {
        let body = #"""
            [{"date":"2026-11-20","base":"EUR","quote":"NGN","rate":1620.5,"providers":[{"key":"CBN","date":"2026-11-20","rate":1620.5},{"key":"FRED","date":"2026-11-19","rate":1700.1,"excluded":true}]},
             {"rate":1.1172,"quote":"USD","base":"EUR","date":"2026-11-24","extra":{"new":[1]},"providers":[{"key":"ECB","date":"2026-11-24","rate":1.1172},{"key":"FRED","date":"2026-11-24","rate":1.1169},{"key":"BOC","date":"2026-11-23","rate":1.1175}]},
             {"date":"2026-11-24","base":"EUR","quote":"AED","rate":4.1029},
             {"date":"2026-11-24","base":"EUR","quote":"EUR","rate":1.0}]
            """#
        let table = try FrankfurterDecoder.latest(Data(body.utf8), base: .eur, expanded: true)
        #expect(table.date == day("2026-11-24"))
        #expect(table.rowDates == [code("NGN"): day("2026-11-20")])
        #expect(table.date(of: code("NGN")) == day("2026-11-20") && table.date(of: .usd) == day("2026-11-24"))
        #expect(table.date(of: [.usd, code("NGN")]) == day("2026-11-20"))
        // Each institution keeps its own rate and day (FRED's excluded NGN row is left out).
        #expect(table.contributions(of: code("NGN")) == [Contribution(key: "CBN", rate: dec("1620.5"), day: day("2026-11-20"))])
        #expect(table.contributions(of: .usd)?.map(\.key) == ["ECB", "FRED", "BOC"])
        #expect(table.contributions(of: .usd)?.last == Contribution(key: "BOC", rate: dec("1.1175"), day: day("2026-11-23")))
        // As the cache keeps them, and as a cache written before the rates were kept reads.
        #expect(table.contributors[.usd]?.first == "ECB=1.1172@2026-11-24")
        #expect(Contribution(encoded: "ECB") == Contribution(key: "ECB") && Contribution(encoded: "X=y@z").key == "X=y@z")
        // The keys alone, read without the rates, are the keys the full reading gives, odd text too.
        for text in [
            "ECB=1.1172@2026-11-24", "ECB", "X=y@z", "X=1.2.3@2026-11-24", "X=1@2026-13-40", "X=.5@2026-11-24", "=1@2026-11-24", "X=@",
        ] {
            #expect(Contribution.key(encoded: text) == Contribution(encoded: text).key, "\(text)")
        }
        #expect(table.contributorKeys(of: .usd) == ["ECB", "FRED", "BOC"])
        #expect(RowSource(day: day("2026-11-24"), institutions: table.contributors[.usd]).contributions == table.contributions(of: .usd))
        #expect(table.rates[code("NGN")] == dec("1620.5"))
        #expect(table.blendBasis(of: [.eur, .usd]) == "Frankfurter blend of 3 central banks")
        #expect(table.blendBasis(of: [.usd, code("NGN")]) == "Frankfurter blend of 4 central banks")
        #expect(table.blendBasis(of: [.eur, code("NGN")]) == "Frankfurter blend of 1 central bank")
        #expect(
            table.blendBasis(of: [.eur, code("AED")])
                == "Frankfurter blend of 3 central banks; AED pegged to USD at 3.6725 by the Central Bank of the UAE")
        // A table of one institution's own rates has no blend to describe.
        #expect(RateTable(base: .eur, date: day("2026-11-24"), rates: [.usd: 1]).blendBasis(of: [.eur, .usd]) == nil)
    }

    @Test(arguments: [
        (#"[{"base":"EUR","quote":"USD","rate":1.1}]"#, FetchFailure.missingDate),
        (#"[]"#, .noRates),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"EUR","rate":1.0}]"#, .noRates),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"USD","rate":-1.1}]"#, .invalidRate(currency: "USD", value: "-1.1")),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"USD","rate":"1.1"}]"#, .invalidRate(currency: "USD", value: "\"1.1\"")),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"USD","rate":null}]"#, .invalidRate(currency: "USD", value: "null")),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"EUR","rate":2}]"#, .invalidRate(currency: "EUR", value: "2")),
        (#"[{"date":"2026-10-30","base":"USD","quote":"EUR","rate":0.9}]"#, .malformed("base is USD, expected EUR")),
        (#"[{"date":"2026-10-30","quote":"USD","rate":1.1}]"#, .malformed("a row without its base")),
        (#"[{"date":"2026-10-30","base":"EUR","rate":1.1}]"#, .malformed("a row without its quote")),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"USD"}]"#, .malformed("no rate for USD")),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"US$","rate":1.1}]"#, .invalidCurrency("US$")),
        (#"[{"date":"2026-02-30","base":"EUR","quote":"USD","rate":1.1}]"#, .malformed("'2026-02-30' is not a date")),
        (
            #"[{"date":"2026-10-30","base":"EUR","quote":"USD","rate":1.1},{"date":"2026-10-29","base":"EUR","quote":"USD","rate":1.2}]"#,
            .duplicateCurrency("USD", Day(iso: "2026-10-29")!)
        ),
        (#"[{"date":"2026-10-30","date":"2026-10-31","base":"EUR","quote":"USD","rate":1.1}]"#, .malformed("duplicate key 'date'")),
        (#"{"amount":1.0,"base":"EUR","date":"2026-10-30","rates":{"USD":1.1}}"#, .malformed("expected '[' at byte 0")),
        (#"[{"date":"2026-10-30","base":"EUR","quote":"USD","rate":1.1}"#, .malformed("JSON ends early (truncated?)")),
    ])
    func badBodiesAreRefused(body: String, failure: FetchFailure) {
        #expect(throws: failure) { try FrankfurterDecoder.latest(Data(body.utf8), base: .eur) }
    }

    /// Every cut of the sample is refused, never read as fewer currencies.
    @Test func truncatedBodiesAreRefused() throws {
        let body = try Fixture.data("frankfurter-v2/rates-latest-eur.constructed.json")
        let end = body.lastIndex(of: UInt8(ascii: "]"))!
        for length in stride(from: 0, to: end, by: 7) {
            #expect(throws: FetchFailure.self) { try FrankfurterDecoder.latest(body.prefix(length), base: .eur) }
        }
    }

    @Test func errorStatusesAreRefused() async throws {
        await #expect(throws: FetchFailure.httpStatus(404)) {
            try await Self.source(Data(#"{"status":404,"message":"not found"}"#.utf8), status: 404).0.fetchLatest(validators: nil)
        }
        await #expect(throws: FetchFailure.providerError("invalid currency: XXX")) {
            try await Self.source(try Fixture.data("frankfurter-v2/error-422-invalid-currency.json"), status: 422).0
                .fetchLatest(validators: nil)
        }
        await #expect(throws: FetchFailure.providerError("unknown parameter: symbols")) {
            try await Self.source(try Fixture.data("frankfurter-v2/error-422-unknown-parameter.json"), status: 422).0
                .fetchLatest(validators: nil)
        }
        await #expect(throws: FetchFailure.providerError("request exceeded 90s timeout")) {
            try await Self.source(try Fixture.data("frankfurter-v2/error-503-timeout.constructed.json"), status: 503).0
                .fetchLatest(validators: nil)
        }
    }

    /// The blend is due again at the UTC midnight after its newest row, as the server's own
    /// Cache-Control (max-age to UTC midnight) says.
    @Test func freshness() {
        let (source, _) = Self.source(Data())
        #expect(source.nextPublication(after: day("2026-10-30")) == utc("2026-10-31T00:00:00Z"))
        #expect(source.nextPublication(after: day("2026-10-31")) == utc("2026-11-01T00:00:00Z"))
    }

    @Test func pegsAreWellFormed() {
        // Frankfurter's 21, and XCG, ANG's successor under its peg.
        #expect(Pegs.all.count == 22)
        #expect(Set(Pegs.all.map(\.code)).count == 22)
        #expect(Pegs.peg(of: code("SAR"))?.rate == dec("3.75") && Pegs.peg(of: code("SAR"))?.anchor == .usd)
        #expect(Pegs.peg(of: code("XOF"))?.rate == dec("655.957") && Pegs.peg(of: code("XOF"))?.anchor == .eur)
        #expect(Pegs.peg(of: .usd) == nil)
    }
}

/// Answers each request by the first route its URL contains.
final class RoutedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let routes: [(String, HTTPResponse)]
    private var seen: [HTTPRequest] = []
    init(_ routes: [(String, HTTPResponse)]) { self.routes = routes }
    var requests: [HTTPRequest] { lock.withLock { seen } }
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { seen.append(request) }
        return routes.first { request.url.absoluteString.contains($0.0) }?.1 ?? HTTPResponse(status: 404)
    }
}

@Suite("Frankfurter v2 metals")
struct FrankfurterMetalsTests {
    static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
    static let latest = json(
        #"[{"date":"2026-11-24","base":"EUR","quote":"USD","rate":1.1172,"providers":[{"key":"ECB","date":"2026-11-24","rate":1.1172}]},"#
            + #"{"date":"2026-11-20","base":"EUR","quote":"XAU","rate":0.000253,"providers":[{"key":"NBP","date":"2026-11-20","rate":0.000253}]},"#
            + #"{"date":"2026-11-20","base":"EUR","quote":"XAG","rate":0.0203,"providers":[{"key":"CBR","date":"2026-11-20","rate":0.0203}]}]"#
    )

    /// Metals rounded to a few digits against the euro are asked again against gold, where they carry more.
    @Test func metalsAreAskedAgainstGold() async throws {
        let transport = RoutedTransport([
            (
                "base=XAU",
                Self.json(
                    #"[{"date":"2026-11-20","base":"XAU","quote":"EUR","rate":3950.12},{"date":"2026-11-20","base":"XAU","quote":"XAG","rate":80.123},{"date":"2026-11-20","base":"XAU","quote":"XAU","rate":1.0}]"#
                )
            ),
            ("base=EUR", Self.latest),
        ])
        let source = FrankfurterSource(transport: transport)
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("no table"); return }
        #expect(table.rates[code("XAU")] == 1 / dec("3950.12"))
        #expect(table.rates[code("XAG")] == dec("80.123") / dec("3950.12"))
        #expect(table.coarse.isEmpty)
        #expect(table.rowDates[code("XAU")] == day("2026-11-20"))
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://api.frankfurter.dev/v2/rates?base=EUR&expand=providers",
                "https://api.frankfurter.dev/v2/rates?base=XAU&quotes=EUR,XAG,XPT,XPD",
            ])
    }

    /// When that second request fails the coarse rows stay, marked coarse (said with the answer).
    @Test func aFailedGoldRequestLeavesTheCoarseRows() async throws {
        let transport = RoutedTransport([("base=EUR", Self.latest)])
        guard case .fetched(let table, _) = try await FrankfurterSource(transport: transport).fetchLatest(validators: nil) else {
            Issue.record("no table")
            return
        }
        #expect(table.rates[code("XAU")] == dec("0.000253"))
        #expect(table.coarse == [code("XAU"): 253, code("XAG"): 203])
    }
}
