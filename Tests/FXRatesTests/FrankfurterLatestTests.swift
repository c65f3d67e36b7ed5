import Foundation
import FXTestSupport
import Testing
import FXRates

/// Frankfurter's `/latest` as a source of latest rates: the real samples, and what is refused.
@Suite("Frankfurter v1 latest")
struct FrankfurterLatestTests {
    private static func source(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> (FrankfurterSource, FakeTransport) {
        let transport = FakeTransport(
            .success(
                HTTPResponse(
                    status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
                    body: body)))
        return (FrankfurterSource(baseURL: URL(string: "https://api.frankfurter.dev/v1/")!, transport: transport), transport)
    }

    @Test func decodesTheRealLatestSampleExactly() async throws {
        let (source, transport) = Self.source(try Fixture.data("frankfurter/latest.json"), headers: ["ETag": "\"abc\""])
        guard case .fetched(let table, let validators) = try await source.fetchLatest(validators: nil) else {
            Issue.record("expected a table")
            return
        }
        #expect(table.base == .eur && table.date == day("2025-04-04"))
        #expect(table.rates.count == 30)
        // Rounded by Frankfurter's own rule in this sample (INR 94.426 → 94.43); integers stay exact.
        #expect(table.rates[code("INR")] == dec("94.43"))
        #expect(table.rates[code("IDR")] == dec("18751"))
        #expect(table.rates[code("GBP")] == dec("0.84985"))
        #expect(validators == Validators(etag: "\"abc\""))
        #expect(transport.requests.first?.url.absoluteString == "https://api.frankfurter.dev/v1/latest?base=EUR")
    }

    @Test func decodesTheTrimmedSymbolsSample() throws {
        let table = try FrankfurterDecoder.latest(try Fixture.data("frankfurter/latest-symbols.json"), base: .eur)
        #expect(
            table
                == RateTable(
                    base: .eur, date: day("2026-10-09"),
                    rates: [
                        code("AUD"): dec("1.6052"), code("GBP"): dec("0.84763"), code("INR"): dec("108.3965"),
                        code("JPY"): dec("177.34"), code("USD"): dec("1.1206"),
                    ]))
    }

    @Test func refusesOtherBasesAndAmounts() {
        // fx always asks base=EUR with amount 1: anything else is a broken or misrouted answer.
        #expect(throws: FetchFailure.malformed("base is AUD, expected EUR")) {
            try FrankfurterDecoder.latest(try Fixture.data("frankfurter/latest-base-aud.json"), base: .eur)
        }
        #expect(throws: FetchFailure.self) {
            try FrankfurterDecoder.latest(try Fixture.data("frankfurter/latest-amount.constructed.json"), base: .eur)
        }
    }

    @Test(arguments: [
        (#"{"amount":1.0,"base":"EUR","rates":{"USD":1.1}}"#, FetchFailure.missingDate),
        (#"{"amount":1.0,"base":"EUR","date":"2026-10-30","rates":{}}"#, .noRates),
        (#"{"amount":1.0,"base":"EUR","date":"2026-10-30","rates":{"USD":-1.1}}"#, .invalidRate(currency: "USD", value: "-1.1")),
        (#"{"amount":1.0,"base":"EUR","date":"2026-10-30","rates":{"USD":"1.1"}}"#, .invalidRate(currency: "USD", value: "\"1.1\"")),
        (
            #"{"amount":1.0,"base":"EUR","date":"2026-10-30","rates":{"USD":1.1,"USD":1.2}}"#,
            .duplicateCurrency("USD", Day(iso: "2026-10-30")!)
        ),
        (#"{"amount":1.0,"base":"EUR","date":"2026-10-30","date":"2026-10-31","rates":{"USD":1.1}}"#, .malformed("duplicate key 'date'")),
    ])
    func badBodiesAreRefused(body: String, failure: FetchFailure) {
        #expect(throws: failure) { try FrankfurterDecoder.latest(Data(body.utf8), base: .eur) }
    }

    @Test func errorStatusesAreRefused() async {
        await #expect(throws: FetchFailure.httpStatus(404)) {
            try await Self.source(Data(#"{"message":"not found"}"#.utf8), status: 404).0.fetchLatest(validators: nil)
        }
        await #expect(throws: FetchFailure.malformed("bad currency pair")) {
            try await Self.source(Data(#"{"message":"bad currency pair"}"#.utf8), status: 422).0.fetchLatest(validators: nil)
        }
    }

}
