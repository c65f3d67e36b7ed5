import Foundation
import FXTestSupport
import Testing
import FXRates

@Suite("Open Exchange Rates source")
struct OpenExchangeRatesSourceTests {
    static let key = "0123456789abcdef0123456789ABCDEF"
    /// Half an hour after the `latest.json` sample's timestamp (2018-03-22 18:00 UTC).
    static let now = utc("2018-03-22T18:30:00Z")

    static func source(
        _ answer: Result<HTTPResponse, TransportError>, appID: String? = key, base: CurrencyCode? = nil,
        symbols: [CurrencyCode] = [], url: String = "https://openexchangerates.org/api/",
        now: Date = now
    ) -> (OpenExchangeRatesSource, FakeTransport) {
        let transport = FakeTransport(answer)
        let source = OpenExchangeRatesSource(
            appID: appID, base: base, symbols: symbols, baseURL: URL(string: url)!,
            transport: transport, clock: FixedClock(now))
        return (source, transport)
    }

    static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> Result<HTTPResponse, TransportError> {
        .success(
            HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"].merging(headers) { $1 }, body: body))
    }

    static func fixture(_ name: String, status: Int = 200) throws -> Result<HTTPResponse, TransportError> {
        json(try Fixture.data("oxr/\(name)"), status: status)
    }

    /// As the source calls it: a day of grace after `now`.
    static func decode(_ body: String, notAfter: Date = now + 86_400) throws(FetchFailure) -> RateTable {
        try OpenExchangeRatesDecoder.table(Data(body.utf8), base: .usd, notAfter: notAfter)
    }

    /// The failure `body` throws, or nil.
    static func failure(_ body: () async throws(FetchFailure) -> Void) async -> FetchFailure? {
        do { try await body() } catch { return error }
        return nil
    }

    @Test func identity() {
        let (source, _) = Self.source(.failure(.cancelled))
        #expect(source.id == .oxr && source.id.rawValue == "oxr")
        #expect(source.name == "Open Exchange Rates")
        #expect(OpenExchangeRatesSource.defaultBaseURL.absoluteString == "https://openexchangerates.org/api/")
        #expect(OpenExchangeRatesSource.freePlanMonthlyRequests == 1000)
    }

    @Test func decodesTheLatestSampleExactly() async throws {
        let (source, transport) = Self.source(
            try Self.json(
                Fixture.data("oxr/latest.json"),
                headers: [
                    "ETag": "W/\"abc\"", "Last-Modified": "Thu, 22 Mar 2018 18:00:00 GMT",
                ]))
        let outcome = try await source.fetchLatest(validators: nil)
        guard case .fetched(let table, let validators) = outcome else {
            Issue.record("expected .fetched, got \(outcome)")
            return
        }
        #expect(table.base == .usd)
        #expect(table.date == day("2018-03-22"))
        #expect(table.publishedAt == utc("2018-03-22T18:00:00Z"))
        #expect(table.rates.count == 169)  // 170 entries, less "USD": 1
        #expect(table.rates[.usd] == nil && table.unitsPerBase(.usd) == 1)
        #expect(table.rates[.eur] == dec("0.812833"))
        #expect(table.rates[code("JPY")] == dec("105.76383333"))
        #expect(table.rates[code("BBD")] == dec("2"))
        #expect(table.rates[code("KPW")] == dec("900"))
        #expect(table.rates[code("VEF")] == dec("36650"))
        #expect(table.rates[code("BTC")] == dec("0.00011542456"))
        #expect(table.rates[code("XAU")] == dec("0.00075364"))
        #expect(table.rates[code("IRR")] == dec("37571.52369"))
        #expect(table.rates[code("MRO")] == dec("356") && table.rates[code("MRU")] == dec("35.4"))
        #expect(table.rates[code("ZWL")] == dec("322.355011"))
        #expect(validators == Validators(etag: "W/\"abc\"", lastModified: "Thu, 22 Mar 2018 18:00:00 GMT"))

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://openexchangerates.org/api/latest.json?app_id=\(Self.key)")
        #expect(request.headers.isEmpty)
        #expect(request.maxBytes == 256 << 10)
        #expect(request.timeout == 15)
    }

    @Test func decodesTheHistoricalSampleExactly() async throws {
        let (source, transport) = Self.source(try Self.fixture("historical-2015-01-01.json"), url: "https://mirror.example/oxr")
        let table = try await source.fetchHistorical(day: day("2015-01-01"))
        #expect(table.date == day("2015-01-01"))
        #expect(table.publishedAt == utc("2015-01-01T23:00:00Z"))
        #expect(table.rates.count == 167)
        #expect(table.rates[.eur] == dec("0.830151"))
        #expect(table.rates[code("JPY")] == dec("120.2679"))
        #expect(table.rates[code("BYR")] == dec("10989.475"))
        #expect(table.rates[code("BTC")] == dec("0.0031843483"))
        #expect(table.rates[code("VND")] == dec("21401"))
        #expect(table.rates[code("XAU")] == dec("0.00084292"))
        #expect(
            transport.requests.map(\.url.absoluteString) == ["https://mirror.example/oxr/historical/2015-01-01.json?app_id=\(Self.key)"])
    }

    @Test func historicalDaysAreChecked() async throws {
        let (source, transport) = Self.source(try Self.fixture("historical-2015-01-01.json"))
        await #expect(throws: FetchFailure.malformed("rates dated 2015-01-01, asked for 2015-01-02")) {
            try await source.fetchHistorical(day: day("2015-01-02"))
        }
        // A day after today (UTC) costs no request.
        await #expect(throws: FetchFailure.futureDate(day("2018-03-23"))) { try await source.fetchHistorical(day: day("2018-03-23")) }
        #expect(transport.requests.count == 1)
    }

    @Test func symbolsAndBaseAreSentOnlyWhenSet() async throws {
        let (source, transport) = Self.source(
            try Self.fixture("latest-symbols.json"), symbols: [code("BTC")], now: utc("2022-06-05T18:00:00Z"))
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("not fetched"); return }
        #expect(table.rates == [code("BTC"): dec("0.000033287503")])
        #expect(table.date == day("2022-06-05"))
        #expect(table.publishedAt == utc("2022-06-05T17:56:28Z"))
        #expect(
            transport.requests.first?.url.absoluteString == "https://openexchangerates.org/api/latest.json?app_id=\(Self.key)&symbols=BTC")

        let (euro, euroTransport) = Self.source(try Self.fixture("latest.json"), base: .eur, symbols: [.usd, code("JPY")])
        await #expect(throws: FetchFailure.malformed("base is USD, expected EUR")) { try await euro.fetchLatest(validators: nil) }
        #expect(
            euroTransport.requests.first?.url.absoluteString
                == "https://openexchangerates.org/api/latest.json?app_id=\(Self.key)&base=EUR&symbols=USD,JPY")
    }

    @Test func unknownSymbolsGiveNoRates() async throws {
        let (source, _) = Self.source(try Self.fixture("latest-unknown-symbols.json"), now: utc("2022-06-05T18:00:00Z"))
        await #expect(throws: FetchFailure.noRates) { try await source.fetchLatest(validators: nil) }
    }

    static let errorCases: [(String, Int, String)] = [
        ("error-invalid-app-id.json", 401, "the app ID is not valid"),
        ("error-app-id-inactive.json", 401, "the app ID has been deactivated"),
        ("error-missing-app-id.json", 403, "no app ID was sent"),
        (
            "error-not-allowed.json", 403,
            "this plan does not allow that request (Changing the API `base` currency is available "
                + "for Developer, Enterprise and Unlimited plan clients. …)"
        ),
        (
            "error-access-restricted.json", 429,
            "access restricted: the plan's monthly requests are used up or the account is "
                + "suspended (Access restricted until 2050-01-01 (reason: too_many_requests). If there has been a mistake, please …)"
        ),
    ]

    @Test(arguments: errorCases)
    func errorSamples(fixture: String, status: Int, expected: String) async throws {
        let (latest, _) = Self.source(try Self.fixture(fixture, status: status))
        await #expect(throws: FetchFailure.providerError(expected)) { try await latest.fetchLatest(validators: nil) }
        let (historical, _) = Self.source(try Self.fixture(fixture, status: status))
        await #expect(throws: FetchFailure.providerError(expected)) { try await historical.fetchHistorical(day: day("2018-01-01")) }
    }

    /// The key is in the request URL, and nowhere in any failure: not from the samples, not from a
    /// server echoing it in any field, not from a transport error quoting the URL.
    @Test func failuresNeverHoldTheKey() async throws {
        let url = "https://openexchangerates.org/api/latest.json?app_id=\(Self.key)"
        let lower = Self.key.lowercased()
        var answers = try Self.errorCases.map { try Self.fixture($0.0, status: $0.1) }
        answers += [
            Self.json(
                Data(#"{"error":true,"status":401,"message":"invalid_app_id","description":"App ID \#(Self.key) is not valid"}"#.utf8),
                status: 401),
            Self.json(
                Data(
                    #"{"error":true,"status":403,"message":"not_allowed","description":"\#(String(repeating: "x", count: 80))\#(lower)"}"#
                        .utf8)),
            Self.json(Data(#"{"error":true,"message":"\#(Self.key)","description":"\#(url)"}"#.utf8), status: 400),
            Self.json(Data(#"{"timestamp":1521741600,"base":"USD","rates":{"\#(Self.key)":1}}"#.utf8)),
            Self.json(Data(#"{"timestamp":1521741600,"base":"USD","rates":{"EUR":"\#(Self.key)"}}"#.utf8)),
            Self.json(Data(#"{"timestamp":"\#(Self.key)","base":"USD","rates":{"EUR":1}}"#.utf8)),
            .failure(.other("bad URL \(url)")),
            .failure(.cannotConnect(url.uppercased())),
        ]
        for answer in answers {
            for fetch in [true, false] {
                let (source, transport) = Self.source(answer)
                let failure = await Self.failure { () async throws(FetchFailure) in
                    if fetch {
                        _ = try await source.fetchLatest(validators: nil)
                    } else {
                        _ = try await source.fetchHistorical(day: day("2018-03-22"))
                    }
                }
                let text = String(describing: try #require(failure))
                #expect(!text.lowercased().contains(lower), "\(text)")
                #expect(transport.requests.first?.url.query?.contains("app_id=\(Self.key)") == true)
            }
        }
        // What is left is still informative.
        let (echo, _) = Self.source(answers[5])
        await #expect(throws: FetchFailure.providerError("the app ID is not valid")) { try await echo.fetchLatest(validators: nil) }
        let (long, _) = Self.source(answers[6])
        await #expect(throws: FetchFailure.providerError("this plan does not allow that request (\(String(repeating: "x", count: 80))…)")) {
            try await long.fetchLatest(validators: nil)
        }
        let (quoting, _) = Self.source(.failure(.other("bad URL \(url)")))
        await #expect(throws: FetchFailure.transport(.other("bad URL https://openexchangerates.org/api/latest.json?app_id=…"))) {
            try await quoting.fetchLatest(validators: nil)
        }
    }

    @Test(arguments: [nil, "", "  \n"])
    func missingKeyFailsWithoutARequest(appID: String?) async {
        let (source, transport) = Self.source(.success(HTTPResponse(status: 500)), appID: appID)
        await #expect(throws: FetchFailure.missingKey("FX_OXR_APP_ID")) { try await source.fetchLatest(validators: nil) }
        await #expect(throws: FetchFailure.missingKey("FX_OXR_APP_ID")) { try await source.fetchHistorical(day: day("2018-01-01")) }
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        (HTTPResponse(status: 502, body: Data("<html><body>Bad gateway</body></html>".utf8)), FetchFailure.httpStatus(502)),
        (HTTPResponse(status: 503, body: Data(#"{"message":"busy"}"#.utf8)), .httpStatus(503)),  // not OXR's envelope
        (HTTPResponse(status: 401, body: Data(#"{"error":false,"message":"invalid_app_id"}"#.utf8)), .httpStatus(401)),
        // Keyed off `error`, not the status.
        (
            HTTPResponse(status: 200, body: Data(#"{"error":true,"status":400,"message":"not_available","rates":{}}"#.utf8)),
            .providerError("no rates for that date")
        ),
        (
            HTTPResponse(status: 400, body: Data(#"{"error":true,"status":400,"message":"invalid_base"}"#.utf8)),
            .providerError("the base currency is not supported")
        ),
        (
            HTTPResponse(status: 404, body: Data(#"{"error":true,"status":404,"message":"not_found","description":"x"}"#.utf8)),
            .providerError("no such endpoint (check the source's URL)")
        ),
        (
            HTTPResponse(status: 418, body: Data(#"{"error":true,"message":"teapot\u001b[31m","description":"short\r\nand stout"}"#.utf8)),
            // The escape shown as every message shows one (issue 34), the line break as a space.
            .providerError("error 'teapot\\x1B[31m' (short  and stout)")
        ),
    ])
    func refusedResponses(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source(.success(response))
        await #expect(throws: expected) { try await source.fetchLatest(validators: nil) }
    }

    @Test(arguments: [
        (#""EUR":0"#, FetchFailure.invalidRate(currency: "EUR", value: "0")),
        (#""EUR":-0.8"#, .invalidRate(currency: "EUR", value: "-0.8")),
        (#""EUR":"0.8""#, .invalidRate(currency: "EUR", value: "\"0.8\"")),
        (#""EUR":null"#, .invalidRate(currency: "EUR", value: "null")),
        (#""EUR":1e999"#, .invalidRate(currency: "EUR", value: "1e999")),
        (#""USD":1.01"#, .invalidRate(currency: "USD", value: "1.01")),  // the base's own entry must be 1
        (#""EUR":0.8,"EUR":0.9"#, .duplicateCurrency("EUR", day("2018-03-22"))),
        (#""USD":1,"USD":1"#, .duplicateCurrency("USD", day("2018-03-22"))),
        (#""EURO":0.8"#, .invalidCurrency("EURO")),
        (#""USD":1"#, .noRates),
        (#""EUR":08"#, .malformed("number with a leading zero at byte 54")),
    ])
    func refusedRates(inner: String, expected: FetchFailure) {
        #expect(throws: expected) { try Self.decode(#"{"timestamp":1521741600,"base":"USD","rates":{\#(inner)}}"#) }
    }

    @Test(arguments: [
        (#"{"base":"USD","rates":{"EUR":0.8}}"#, FetchFailure.missingDate),
        (#"{"timestamp":0,"base":"USD","rates":{"EUR":0.8}}"#, .malformed("timestamp '0' is not a time")),
        (#"{"timestamp":-5,"base":"USD","rates":{"EUR":0.8}}"#, .malformed("timestamp '-5' is not a time")),
        (#"{"timestamp":1521741600.5,"base":"USD","rates":{"EUR":0.8}}"#, .malformed("timestamp '1521741600.5' is not a time")),
        (#"{"timestamp":"1521741600","base":"USD","rates":{"EUR":0.8}}"#, .malformed("timestamp '\"1521741600\"' is not a time")),
        (
            #"{"timestamp":99999999999999999999,"base":"USD","rates":{"EUR":0.8}}"#,
            .malformed("timestamp '99999999999999999999' is not a time")
        ),
        (#"{"timestamp":1521829801,"base":"USD","rates":{"EUR":0.8}}"#, .futureDate(day("2018-03-23"))),  // now + 1 day + 1 s
        (#"{"timestamp":1521741600,"rates":{"EUR":0.8}}"#, .malformed("no base")),
        (#"{"timestamp":1521741600,"base":"EUR","rates":{"USD":1.2}}"#, .malformed("base is EUR, expected USD")),
        (#"{"timestamp":1521741600,"base":"US","rates":{}}"#, .invalidCurrency("US")),
        (#"{"timestamp":1521741600,"base":"USD"}"#, .malformed("no rates")),
        (#"{"timestamp":1521741600,"base":"USD","rates":{}}"#, .noRates),
        (#"{"timestamp":1521741600,"timestamp":1521741600,"base":"USD","rates":{}}"#, .malformed("duplicate key 'timestamp'")),
        (#"{"timestamp":1521741600,"base":"USD","rates":{"EUR":0.8}} {}"#, .malformed("unexpected text after the JSON value at byte 58")),
        (#"[]"#, .malformed("expected '{' at byte 0")),
    ])
    func refusedDocuments(body: String, expected: FetchFailure) {
        #expect(throws: expected) { try Self.decode(body) }
    }

    @Test func tomorrowIsAllowedAndOddNumbersAreExact() throws {
        // Up to a day ahead of our clock is accepted (a clock running late).
        let ahead = try Self.decode(#"{"timestamp":1521829800,"base":"USD","rates":{"EUR":0.8}}"#)
        #expect(ahead.date == day("2018-03-23"))
        let table = try Self.decode(
            #"{"timestamp":1521741600,"base":"USD","rates":{"BTC":1.5e-7,"XPT":2E+3,"KPW":900.000,"EUR":0.812833}}"#)
        #expect(table.rates[code("BTC")] == dec("0.00000015"))
        #expect(table.rates[code("XPT")] == dec("2000"))
        #expect(table.rates[code("KPW")] == dec("900"))
        #expect(table.rates[.eur] == dec("0.812833"))
    }

    /// Every cut of the real sample is refused, never decoded as fewer currencies and never a crash.
    @Test func truncatedBodiesAreRefused() throws {
        let body = try Fixture.data("oxr/latest.json")
        for length in 0..<(body.count - 1) {  // the sample ends in a newline
            #expect(throws: FetchFailure.self) {
                try OpenExchangeRatesDecoder.table(body.prefix(length), base: .usd, notAfter: Self.now)
            }
        }
    }

    @Test func publicationTimes() {
        let (source, _) = Self.source(.failure(.cancelled))
        #expect(source.nextPublication(afterInstant: utc("2018-03-22T18:00:00Z")) == utc("2018-03-22T19:00:00Z"))
        #expect(source.nextPublication(afterInstant: utc("2022-06-05T17:56:28Z")) == utc("2022-06-05T18:00:00Z"))
        #expect(source.nextPublication(afterInstant: utc("2022-12-31T23:59:59Z")) == utc("2023-01-01T00:00:00Z"))
        // A day alone says little: the first hourly update of that day.
        #expect(source.nextPublication(after: day("2018-03-22")) == utc("2018-03-22T01:00:00Z"))
        let table = RateTable(base: .usd, date: day("2018-03-22"), rates: [.eur: 1], publishedAt: utc("2018-03-22T18:04:00Z"))
        #expect(source.nextPublication(after: table) == utc("2018-03-22T19:00:00Z"))
        let undated = RateTable(base: .usd, date: day("2018-03-22"), rates: [.eur: 1])
        #expect(source.nextPublication(after: undated) == utc("2018-03-22T01:00:00Z"))
    }
}
