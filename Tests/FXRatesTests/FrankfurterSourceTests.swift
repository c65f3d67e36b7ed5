import Foundation
import FXTestSupport
import Testing
import FXRates

@Suite("Frankfurter v2 ranges")
struct FrankfurterSourceTests {
    static let today = day("2026-10-30")

    private static func source(_ answer: Result<HTTPResponse, TransportError>, base: String = "https://api.frankfurter.dev/v2/")
        -> (FrankfurterSource, FakeTransport)
    {
        let transport = FakeTransport(answer)
        return (FrankfurterSource(baseURL: URL(string: base)!, transport: transport), transport)
    }

    private static func ndjson(_ body: String, status: Int = 200) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: ["Content-Type": "application/x-ndjson"], body: Data(body.utf8)))
    }

    /// One NDJSON row of EUR against `quote`.
    private static func row(_ date: String, _ quote: String, _ rate: String) -> String {
        #"{"date":"\#(date)","base":"EUR","quote":"\#(quote)","rate":\#(rate)}"# + "\n"
    }

    private static func decode(_ body: String, base: CurrencyCode = .eur) throws(FetchFailure) -> RateHistory {
        try FrankfurterDecoder.history(Data(body.utf8), base: base, latest: today.adding(days: 1))
    }

    @Test func decodesTheNDJSONSampleExactly() throws {
        let history = try Self.decode(
            try String(decoding: Fixture.data("frankfurter-v2/rates-usd-quotes.2026-09-05.constructed.ndjson"), as: UTF8.self), base: .usd)
        #expect(history.days == [day("2026-09-05")])
        #expect(history.columns[code("MXN")] == [dec("16.9187")])
        #expect(history.columns[.eur] == [dec("0.86006")])
        #expect(history.columns[code("AED")] == [dec("3.6725")])
        #expect(history.columns.count == 5)
    }

    @Test func readsAJSONArrayRangeToo() throws {
        let body = try Fixture.data("frankfurter-v2/rates-range-2w.constructed.json")
        let history = try FrankfurterDecoder.history(body, base: .eur, latest: Self.today)
        #expect(history.days.count == 10 && history.days.first == day("2026-10-12") && history.days.last == day("2026-10-23"))
        #expect(history.columns[.usd]?.first == dec("1.1181"))
        #expect(history.columns[code("JPY")]?.first == dec("177.33"))
        #expect(Set(history.columns.keys) == [.usd, code("GBP"), code("JPY")])
    }

    @Test func asksForNDJSONFromTheRatesRoute() async throws {
        let body =
            Self.row("2026-09-30", "USD", "1.1355") + Self.row("2026-09-30", "EUR", "1.0") + Self.row("2026-10-01", "USD", "1.1298")
            + Self.row("2026-10-01", "INR", "108.832")
        let (source, transport) = Self.source(Self.ndjson(body))
        let history = try await source.fetchHistory(since: day("2026-09-30"), today: Self.today)
        #expect(history.days == [day("2026-09-30"), day("2026-10-01")])
        #expect(history.columns[.usd] == [dec("1.1355"), dec("1.1298")])
        #expect(history.columns[code("INR")] == [nil, dec("108.832")])
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://api.frankfurter.dev/v2/rates?from=2026-09-30&base=EUR")
        #expect(request.headers["Accept"] == "application/x-ndjson")
        #expect(request.timeout == 15)
    }

    @Test func requestURLs() async throws {
        let (mirror, transport) = Self.source(
            Self.ndjson(Self.row("2026-10-01", "USD", "1.1")), base: "https://mirror.example/frankfurter/v2")
        _ = try? await mirror.fetchHistory(since: nil, today: Self.today)
        _ = try? await mirror.fetchHistory(since: day("1990-05-01"), today: Self.today)
        _ = try? await mirror.fetchHistory(since: day("2030-01-01"), today: Self.today)
        _ = try? await mirror.fetchHistory(from: day("2020-01-01"), through: day("2020-03-31"), today: Self.today)
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://mirror.example/frankfurter/v2/rates?from=1999-01-04&base=EUR",
                "https://mirror.example/frankfurter/v2/rates?from=1999-01-04&base=EUR",  // fx keeps nothing earlier
                "https://mirror.example/frankfurter/v2/rates?from=2026-10-30&base=EUR",  // never past today
                "https://mirror.example/frankfurter/v2/rates?from=2020-01-01&to=2020-03-31&base=EUR",
            ])
        // About 12 KiB a calendar day for ~200 quotes; at least 1 MiB.
        #expect(transport.requests[0].maxBytes > 90 << 20)
        #expect(transport.requests[2].maxBytes == 1 << 20)
    }

    /// The server streams a range and ends the body early on an error after its 200: every cut
    /// is refused, never read as a shorter history.
    @Test func truncatedStreamsAreRefused() throws {
        let body = try String(decoding: Fixture.data("frankfurter-v2/rates-usd-quotes.2026-09-05.constructed.ndjson"), as: UTF8.self)
        let bytes = Data(body.utf8)
        // A cut right after a row's newline reads as a whole stream here: the transport catches
        // it (a Content-Length not reached, a chunked body without its last chunk).
        for length in 0..<(bytes.count - 1) where length == 0 || bytes[length - 1] != UInt8(ascii: "\n") {
            #expect(throws: FetchFailure.self) { try FrankfurterDecoder.history(bytes.prefix(length), base: .usd, latest: Self.today) }
        }
        #expect(throws: FetchFailure.malformed("the stream ends inside a row")) {
            try FrankfurterDecoder.history(bytes.dropLast(), base: .usd, latest: Self.today)
        }
        let array = try Fixture.data("frankfurter-v2/rates-range-2w.constructed.json")
        for length in stride(from: 0, to: array.count - 2, by: 11) {
            #expect(throws: FetchFailure.self) { try FrankfurterDecoder.history(array.prefix(length), base: .eur, latest: Self.today) }
        }
    }

    @Test(arguments: [
        (row("2026-10-02", "USD", "1.1") + row("2026-10-01", "USD", "1.2"), FetchFailure.malformed("rows out of date order at 2026-10-01")),
        (row("2026-10-01", "USD", "1.1") + row("2026-10-01", "USD", "1.2"), .duplicateCurrency("USD", day("2026-10-01"))),
        (row("2026-11-01", "USD", "1.1"), .futureDate(day("2026-11-01"))),
        (row("2026-10-01", "USD", "0"), .invalidRate(currency: "USD", value: "0")),
        (row("2026-10-01", "USD", "1.1e0"), .invalidRate(currency: "USD", value: "1.1e0")),
        (row("2026-10-01", "EUR", "1.1"), .invalidRate(currency: "EUR", value: "1.1")),
        (#"{"date":"2026-10-01","base":"USD","quote":"EUR","rate":1.1}"# + "\n", .malformed("base is USD, expected EUR")),
        ("", .noRates),
        ("  ", .malformed("the stream ends inside a row")),
        ("\n", .noRates),
        ("garbage\n", .malformed("expected '{' at byte 0")),
    ])
    func refusedRanges(body: String, expected: FetchFailure) {
        #expect(throws: expected) { try Self.decode(body) }
    }

    /// The decoder's integer fast path agrees with `Decimal(exactly:)`, on both sides of its 19-digit limit.
    @Test(arguments: [
        "108.8205", "0.000670349", "18751", "1.10", "100", "0.84985", "0.0001", "9999999999999999999",
        "99999999999999999999", "1.234567890123456789", "12345678901234567890.123456789",
    ])
    func fastPathIsExact(text: String) throws {
        let rate = try #require(try Self.decode(Self.row("2026-10-01", "USD", text)).columns[.usd]?.first ?? nil)
        let exact = try #require(Decimal(exactly: text))
        #expect(rate == exact)
        #expect("\(rate)" == "\(exact)")
    }

    @Test(arguments: [
        ("frankfurter-v2/error-422-invalid-currency.json", 422, FetchFailure.providerError("invalid currency: XXX")),
        ("frankfurter-v2/error-422-unknown-parameter.json", 422, .providerError("unknown parameter: symbols")),
        ("frankfurter-v2/error-503-timeout.constructed.json", 503, .providerError("request exceeded 90s timeout")),
    ])
    func errorBodies(fixture: String, status: Int, expected: FetchFailure) async throws {
        let body = try Fixture.data(fixture)
        let (source, _) = Self.source(.success(HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)))
        await #expect(throws: expected) { try await source.fetchHistory(since: nil, today: Self.today) }
    }

    @Test(arguments: [
        (HTTPResponse(status: 404, body: Data(#"{"status":404,"message":"not found"}"#.utf8)), FetchFailure.httpStatus(404)),
        (HTTPResponse(status: 422), .httpStatus(422)),
        (HTTPResponse(status: 422, body: Data("<html>oops</html>".utf8)), .httpStatus(422)),
        (HTTPResponse(status: 500, body: Data("undefined method".utf8)), .httpStatus(500)),
        (HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("{}".utf8)), .htmlBody),
        (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("\n<!DOCTYPE html><html>".utf8)), .htmlBody),
        (HTTPResponse(status: 200, body: Data()), .emptyBody),
        (HTTPResponse(status: 200, body: Data([0x1F, 0x8B, 0x08, 0x00, 0xFF, 0x0A])), .malformed("expected '{' at byte 0")),
    ])
    func refusedResponses(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source(.success(response))
        await #expect(throws: expected) { try await source.fetchHistory(since: nil, today: Self.today) }
    }

    @Test func slowAndCutConnectionsAreTransportFailures() async {
        let (slow, _) = Self.source(.failure(.timedOut(seconds: 15)))
        await #expect(throws: FetchFailure.transport(.timedOut(seconds: 15))) {
            try await slow.fetchHistory(since: Self.today, today: Self.today)
        }
        let (big, _) = Self.source(.failure(.tooLarge(limit: 1 << 20)))
        await #expect(throws: FetchFailure.transport(.tooLarge(limit: 1 << 20))) {
            try await big.fetchHistory(since: Self.today, today: Self.today)
        }
    }

    @Test func plainHTTPIsRefusedExceptOnLoopback() async throws {
        let (remote, remoteTransport) = Self.source(Self.ndjson(Self.row("2026-10-01", "USD", "1.1")), base: "http://example.com/v2/")
        await #expect(throws: FetchFailure.transport(.insecureURL)) { try await remote.fetchHistory(since: nil, today: Self.today) }
        #expect(remoteTransport.requests.isEmpty)
        let (local, _) = Self.source(Self.ndjson(Self.row("2026-10-01", "USD", "1.1")), base: "http://127.0.0.1:8080/v2/")
        #expect(try await local.fetchHistory(since: day("2026-10-01"), today: Self.today).days == [day("2026-10-01")])
    }

    @Test func identity() {
        let (source, _) = Self.source(Self.ndjson(""))
        #expect(source.id == .frankfurter && source.name == "Frankfurter")
        #expect(FrankfurterSource.defaultBaseURL.absoluteString == "https://api.frankfurter.dev/v2/")
    }

    @Test func errorMessagesAreCleanedAndShortened() {
        let hostile = #"{"status":422,"message":"bad\u001b[31m pair\r\nnext\u202eline"}"#
        // Escapes shown, never hidden as spaces (issue 34); a line break read as a space.
        #expect(FrankfurterDecoder.errorMessage(Data(hostile.utf8)) == #"bad\x1B[31m pair  next\u{202E}line"#)
        let long = #"{"message":"\#(String(repeating: "x", count: 300))"}"#
        #expect(FrankfurterDecoder.errorMessage(Data(long.utf8)) == String(repeating: "x", count: 100) + "…")
        #expect(FrankfurterDecoder.errorMessage(Data()) == nil)
    }
}
