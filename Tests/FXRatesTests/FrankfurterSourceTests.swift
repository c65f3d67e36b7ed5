import Foundation
import FXTestSupport
import Testing
import FXRates

@Suite("Frankfurter v1 time series")
struct FrankfurterSourceTests {
    static let today = day("2026-10-02")

    private static func source(_ answer: Result<HTTPResponse, TransportError>, base: String = "https://api.frankfurter.dev/v1/")
        -> (FrankfurterSource, FakeTransport)
    {
        let transport = FakeTransport(answer)
        return (FrankfurterSource(baseURL: URL(string: base)!, transport: transport), transport)
    }

    private static func json(_ body: String, status: Int = 200) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(body.utf8)))
    }

    /// A one-day series whose `rates` object for that day is `inner`.
    private static func decode(_ inner: String, day: String = "2026-09-30", today: Day = today) throws(FetchFailure) -> RateHistory {
        let body = #"{"amount":1.0,"base":"EUR","start_date":"\#(day)","end_date":"\#(day)","rates":{"\#(day)":{\#(inner)}}}"#
        return try FrankfurterDecoder.history(Data(body.utf8), base: .eur, latest: today.adding(days: 1))
    }

    @Test func decodesTheRealSampleExactly() async throws {
        let body = try Fixture.data("frankfurter/timeseries.json")
        let (source, transport) = Self.source(
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)))
        let history = try await source.fetchHistory(since: day("2026-09-30"), today: Self.today)
        #expect(history.base == .eur)
        #expect(history.days == [day("2026-09-30"), day("2026-10-01"), day("2026-10-02")])
        #expect(history.columns[.usd] == [dec("1.1355"), dec("1.1298"), dec("1.1225")])
        #expect(history.columns[code("INR")] == [dec("108.8205"), dec("108.832"), dec("108.1245")])
        #expect(Set(history.columns.keys) == [.usd, code("INR")])

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://api.frankfurter.dev/v1/2026-09-30..?base=EUR")
        #expect(request.maxBytes == 256 << 10)
        #expect(request.timeout == 15)
    }

    /// Integers, long fractions and 5-decimal values keep their exact decimal value (no Double on the way).
    @Test func ratesAreExact() throws {
        let history = try Self.decode(#""GBP":0.84985,"IDR":18751,"INR":108.8205,"XAU":0.000670349,"BIG":12345678901234567890.123456789"#)
        let table = history.table(at: 0)
        #expect(table.rates[code("IDR")] == dec("18751"))
        #expect(table.rates[code("INR")] == dec("108.8205"))
        #expect(table.rates[code("XAU")] == dec("0.000670349"))
        #expect(table.rates[code("GBP")] == dec("0.84985"))
        #expect(table.rates[code("BIG")] == dec("12345678901234567890.123456789"))
    }

    /// The decoder's integer fast path agrees with `Decimal(exactly:)`, on both sides of its 19-digit limit.
    @Test(arguments: [
        "108.8205", "0.000670349", "18751", "1.10", "100", "0.84985", "0.0001", "9999999999999999999",
        "99999999999999999999", "1.234567890123456789", "12345678901234567890.123456789",
    ])
    func fastPathIsExact(text: String) throws {
        let rate = try #require(try Self.decode(#""USD":\#(text)"#).columns[.usd]?.first ?? nil)
        let exact = try #require(Decimal(exactly: text))
        #expect(rate == exact)
        #expect("\(rate)" == "\(exact)")
    }

    @Test(arguments: [
        (#""USD":-1.1"#, FetchFailure.invalidRate(currency: "USD", value: "-1.1")),
        (#""USD":0"#, .invalidRate(currency: "USD", value: "0")),
        (#""USD":0.0"#, .invalidRate(currency: "USD", value: "0.0")),
        (#""USD":"1.1355""#, .invalidRate(currency: "USD", value: "\"1.1355\"")),
        (#""USD":null"#, .invalidRate(currency: "USD", value: "null")),
        (#""USD":1.1e0"#, .invalidRate(currency: "USD", value: "1.1e0")),  // exponents are not rates
        (
            #""USD":1234567890123456789012345678901234567890"#,
            .invalidRate(currency: "USD", value: "1234567890123456789012345678901234567890")
        ),
        (#""USD":1.1355,"USD":1.1356"#, .duplicateCurrency("USD", day("2026-09-30"))),
        (#""EUR":1"#, .invalidCurrency("EUR")),
        (#""US$":1.1"#, .invalidCurrency("US$")),
        (#""USD":01.1"#, .malformed("number with a leading zero at byte 108")),
        (#""USD":1."#, .malformed("malformed number at byte 108")),
    ])
    func refusedRates(inner: String, expected: FetchFailure) {
        #expect(throws: expected) { try Self.decode(inner) }
    }

    @Test func datesAreChecked() {
        let two = #"{"base":"EUR","rates":{"2026-10-03":{"USD":1.1},"2026-10-04":{"USD":1.2}}}"#
        #expect(throws: FetchFailure.futureDate(day("2026-10-04"))) {
            try FrankfurterDecoder.history(Data(two.utf8), base: .eur, latest: day("2026-10-03"))
        }
        // Tomorrow is allowed (a source ahead of our clock by a time zone), and order is restored.
        let reversed = #"{"base":"EUR","rates":{"2026-10-03":{"USD":1.2},"2026-10-01":{"USD":1.1}}}"#
        let history = try? FrankfurterDecoder.history(Data(reversed.utf8), base: .eur, latest: day("2026-10-03"))
        #expect(history?.days == [day("2026-10-01"), day("2026-10-03")])

        let duplicate = #"{"base":"EUR","rates":{"2026-10-01":{"USD":1.1},"2026-10-01":{"USD":1.2}}}"#
        #expect(throws: FetchFailure.duplicateDate(day("2026-10-01"))) {
            try FrankfurterDecoder.history(Data(duplicate.utf8), base: .eur, latest: Self.today)
        }
        let impossible = #"{"base":"EUR","rates":{"2026-02-30":{"USD":1.1}}}"#
        #expect(throws: FetchFailure.malformed("'2026-02-30' is not a date")) {
            try FrankfurterDecoder.history(Data(impossible.utf8), base: .eur, latest: Self.today)
        }
    }

    @Test(arguments: [
        (#"{"base":"USD","rates":{"2026-10-01":{"EUR":0.9}}}"#, FetchFailure.malformed("base is USD, expected EUR")),
        (#"{"base":"EURO","rates":{}}"#, .invalidCurrency("EURO")),
        (#"{"rates":{"2026-10-01":{"USD":1.1}}}"#, .malformed("no base")),
        (#"{"base":"EUR"}"#, .malformed("no rates")),
        (#"{"base":"EUR","rates":{}}"#, .noRates),
        (#"{"base":"EUR","rates":{"2026-10-01":{"USD":1.1},"2026-10-02":{}}}"#, .noRates),
        (#"{"amount":100.0,"base":"EUR","rates":{}}"#, .malformed("amount is 100.0, not 1")),
        (#"{"base":"EUR","rates":{},"rates":{}}"#, .malformed("duplicate key 'rates'")),
        (#"{"base":"EUR","rates":{}} x"#, .malformed("unexpected text after the JSON value at byte 26")),
        (#"[1,2]"#, .malformed("expected '{' at byte 0")),
        (String(repeating: "[", count: 10_000), .malformed("expected '{' at byte 0")),
        (#"{"x":"# + String(repeating: "[", count: 10_000), .malformed("JSON nested too deeply")),
    ])
    func refusedDocuments(body: String, expected: FetchFailure) {
        #expect(throws: expected) { try FrankfurterDecoder.history(Data(body.utf8), base: .eur, latest: Self.today) }
    }

    @Test func unknownKeysAreSkipped() throws {
        let body =
            "\u{FEFF}"
            + #" { "note" : [1, {"a": null, "b": [true, false, "x\"y\u00e9"]}], "base":"EUR", "rates":{ "2026-10-01" : { "USD" : 1.1 } } } "#
        let history = try FrankfurterDecoder.history(Data(body.utf8), base: .eur, latest: Self.today)
        #expect(history.columns[.usd] == [dec("1.1")])
    }

    /// Every cut of the real sample is refused, never decoded as less data and never a crash.
    @Test func truncatedBodiesAreRefused() throws {
        let body = try Fixture.data("frankfurter/timeseries.json")
        let complete = body.count - 1  // the sample ends in a newline
        for length in 0..<complete {
            #expect(throws: FetchFailure.self) { try FrankfurterDecoder.history(body.prefix(length), base: .eur, latest: Self.today) }
        }
    }

    @Test(arguments: [
        ("frankfurter/error-404-not-found.json", 404, FetchFailure.httpStatus(404)),
        ("frankfurter/error-422-bad-currency-pair.json", 422, .malformed("bad currency pair")),
        ("frankfurter/error-422-invalid-amount.json", 422, .malformed("invalid amount")),
    ])
    func errorBodies(fixture: String, status: Int, expected: FetchFailure) async throws {
        let body = try Fixture.data(fixture)
        let (source, _) = Self.source(.success(HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)))
        await #expect(throws: expected) { try await source.fetchHistory(since: nil, today: Self.today) }
    }

    @Test(arguments: [
        (HTTPResponse(status: 404), FetchFailure.httpStatus(404)),  // old deployments: empty bodies
        (HTTPResponse(status: 422), .httpStatus(422)),
        (HTTPResponse(status: 422, body: Data("<html>oops</html>".utf8)), .httpStatus(422)),
        (HTTPResponse(status: 503, body: Data(#"{"message":"timeout"}"#.utf8)), .httpStatus(503)),
        (HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("{}".utf8)), .htmlBody),
        (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("\n<!DOCTYPE html><html>".utf8)), .htmlBody),
        (HTTPResponse(status: 200, body: Data()), .emptyBody),
        (HTTPResponse(status: 200, body: Data("  \n".utf8)), .emptyBody),
    ])
    func refusedResponses(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source(.success(response))
        await #expect(throws: expected) { try await source.fetchHistory(since: nil, today: Self.today) }
    }

    @Test func errorMessagesAreCleanedAndShortened() {
        let hostile = #"{"message":"bad\u001b[31m pair\r\nnext\u202eline"}"#
        #expect(FrankfurterDecoder.errorMessage(Data(hostile.utf8)) == "bad [31m pair  next line")
        let long = #"{"message":"\#(String(repeating: "x", count: 300))"}"#
        #expect(FrankfurterDecoder.errorMessage(Data(long.utf8)) == String(repeating: "x", count: 100) + "…")
        #expect(FrankfurterDecoder.errorMessage(Data()) == nil)
        #expect(FrankfurterDecoder.errorMessage(Data(#"{"message":""}"#.utf8)) == nil)
        #expect(FrankfurterDecoder.errorMessage(Data(#"{"status":422,"message":"invalid date"}"#.utf8)) == "invalid date")
    }

    @Test func requestURLs() async throws {
        let (mirror, transport) = Self.source(Self.json(#"{"base":"EUR","rates":{}}"#), base: "https://mirror.example/frankfurter/v1")
        _ = try? await mirror.fetchHistory(since: nil, today: Self.today)
        _ = try? await mirror.fetchHistory(since: day("1990-05-01"), today: Self.today)
        _ = try? await mirror.fetchHistory(since: day("2030-01-01"), today: Self.today)
        _ = try? await mirror.fetchSeries(from: day("2026-09-30"), to: day("2026-10-02"), symbols: [code("INR"), .usd], today: Self.today)
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://mirror.example/frankfurter/v1/1999-01-04..?base=EUR",
                "https://mirror.example/frankfurter/v1/1999-01-04..?base=EUR",  // nothing exists earlier
                "https://mirror.example/frankfurter/v1/2026-10-02..?base=EUR",  // never past today
                "https://mirror.example/frankfurter/v1/2026-09-30..2026-10-02?base=EUR&symbols=INR,USD",
            ])
        // The full history is allowed about 8 MiB; a few days the floor of 256 KiB.
        let full = transport.requests[0].maxBytes
        #expect(full > 7 << 20 && full < 9 << 20)
        #expect(transport.requests[2].maxBytes == 256 << 10)
    }

    @Test func plainHTTPIsRefusedExceptOnLoopback() async throws {
        let (remote, remoteTransport) = Self.source(Self.json(#"{"base":"EUR","rates":{}}"#), base: "http://example.com/v1/")
        await #expect(throws: FetchFailure.transport(.insecureURL)) { try await remote.fetchHistory(since: nil, today: Self.today) }
        #expect(remoteTransport.requests.isEmpty)

        let body = try String(decoding: Fixture.data("frankfurter/timeseries.json"), as: UTF8.self)
        let (local, localTransport) = Self.source(Self.json(body), base: "http://127.0.0.1:8080/v1")
        let history = try await local.fetchHistory(since: day("2026-09-30"), today: Self.today)
        #expect(history.days.count == 3)
        #expect(localTransport.requests.first?.url.absoluteString == "http://127.0.0.1:8080/v1/2026-09-30..?base=EUR")
    }

    @Test func transportErrorsAreWrapped() async {
        let (source, _) = Self.source(.failure(.tooLarge(limit: 256 << 10)))
        await #expect(throws: FetchFailure.transport(.tooLarge(limit: 256 << 10))) {
            try await source.fetchHistory(since: Self.today, today: Self.today)
        }
    }

    @Test func identityAndSchedule() {
        let (source, _) = Self.source(Self.json("{}"))
        #expect(source.id == .frankfurter && source.id == SourceID("frankfurter"))
        #expect(source.name == "Frankfurter")
        #expect(FrankfurterSource.defaultBaseURL.absoluteString == "https://api.frankfurter.dev/v1/")
        // Friday's rates are followed by Monday's at 16:00 Frankfurt time, as at the ECB.
        #expect(source.nextPublication(after: day("2026-10-30")) == frankfurt("2026-11-02", 16))
        #expect(source.nextPublication(after: day("2026-12-24")) == frankfurt("2026-12-28", 16))
    }
}
