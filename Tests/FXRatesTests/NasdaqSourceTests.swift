import Foundation
import FXTestSupport
import Testing
import FXRates

/// Answers by URL path (Nasdaq asks once per dataset) and records every request.
final class PathTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let answers: [String: Result<HTTPResponse, TransportError>]
    private var seen: [HTTPRequest] = []

    init(_ answers: [String: Result<HTTPResponse, TransportError>]) { self.answers = answers }

    var requests: [HTTPRequest] { lock.withLock { seen } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { seen.append(request) }
        return try (answers[request.url.path] ?? .success(HTTPResponse(status: 404))).get()
    }
}

@Suite("Nasdaq Data Link over a fake transport")
struct NasdaqSourceTests {
    static let key = "Sekr3tKey-123_abc"
    static let now = utc("2021-03-31T12:00:00Z")
    static let eurusd = NasdaqDataset(database: "ECB", code: "EURUSD", base: .eur, quote: .usd)!
    static let eurbgn = NasdaqDataset(database: "ECB", code: "EURBGN", base: .eur, quote: code("BGN"))!
    /// FRED's DEXJPUS is JPY per 1 USD.
    static let dexjpus = NasdaqDataset(database: "FRED", code: "DEXJPUS", base: .usd, quote: code("JPY"))!

    private static func path(_ dataset: NasdaqDataset) -> String { "/api/v3/datasets/\(dataset.database)/\(dataset.code)/data.json" }

    private static func fixture(_ name: String, status: Int = 200) throws -> Result<HTTPResponse, TransportError> {
        json(try Fixture.data("nasdaq/\(name)"), status: status)
    }

    private static func json(_ body: Data, status: Int = 200) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body))
    }

    private static func json(_ body: String, status: Int = 200) -> Result<HTTPResponse, TransportError> {
        json(Data(body.utf8), status: status)
    }

    private static func source(
        _ datasets: [NasdaqDataset], _ answers: [String: Result<HTTPResponse, TransportError>],
        key: String? = key, base: String = "https://data.nasdaq.com/api/v3/", now: Date = now
    )
        -> (NasdaqDataLinkSource, PathTransport)
    {
        let transport = PathTransport(answers)
        return (
            NasdaqDataLinkSource(
                baseURL: URL(string: base)!, apiKey: key, datasets: datasets, transport: transport,
                clock: FixedClock(now)), transport
        )
    }

    private static func fetch(
        _ datasets: [NasdaqDataset], _ answers: [String: Result<HTTPResponse, TransportError>],
        now: Date = now
    ) async throws(FetchFailure) -> RateTable {
        let (source, _) = source(datasets, answers, now: now)
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { throw .malformed("not fetched") }
        return table
    }

    /// EUR/USD whose `data` is `rows`.
    private static func fetchRows(_ rows: String, names: String = #"["Date","Value"]"#) async throws(FetchFailure) -> RateTable {
        let body = #"{"dataset_data":{"column_names":\#(names),"data":[\#(rows)],"order":null}}"#
        return try await fetch([eurusd], [path(eurusd): json(body)])
    }

    /// The failure, checked never to mention the key.
    private static func failure(_ source: NasdaqDataLinkSource) async -> FetchFailure? {
        do {
            _ = try await source.fetchLatest(validators: nil)
            return nil
        } catch {
            #expect(!String(describing: error).contains(key))
            #expect(!String(reflecting: error).contains(key))
            return error
        }
    }

    // MARK: samples

    @Test func decodesTheFXSampleExactly() async throws {
        let (source, transport) = Self.source([Self.eurusd], [Self.path(Self.eurusd): try Self.fixture("dataset-data-fx.constructed.json")])
        guard case .fetched(let table, let validators) = try await source.fetchLatest(validators: nil) else {
            Issue.record("expected a table")
            return
        }
        #expect(
            table
                == RateTable(
                    base: .eur, date: day("2021-03-30"), rates: [.usd: dec("1.1741")],
                    previous: PreviousRates(date: day("2021-03-29"), rates: [.usd: dec("1.1784")])))
        #expect(validators == Validators())
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://data.nasdaq.com/api/v3/datasets/ECB/EURUSD/data.json?api_key=\(Self.key)&limit=2")
        #expect(request.timeout == 15)
        #expect(request.maxBytes == 512 << 10)
        #expect(transport.requests.count == 1)
    }

    /// The `dataset` variant with metadata; eight rows, of which the newest two count.
    @Test func decodesTheDatasetVariant() async throws {
        let table = try await Self.fetch([Self.eurbgn], [Self.path(Self.eurbgn): try Self.fixture("dataset-ecb-eurbgn.trimmed.json")])
        #expect(
            table
                == RateTable(
                    base: .eur, date: day("2002-07-18"), rates: [code("BGN"): dec("1.9485")],
                    previous: PreviousRates(date: day("2002-07-17"), rates: [code("BGN"): dec("1.9462")])))
    }

    /// The docs' WIKI/FB sample has Open, High and Low: the column must be named.
    @Test func choosesTheConfiguredColumn() async throws {
        let body = try Fixture.data("nasdaq/dataset-data.json")
        let high = NasdaqDataset(database: "WIKI", code: "FB", base: .usd, quote: code("XFB"), column: "High")!
        let table = try await Self.fetch([high], [Self.path(high): Self.json(body)])
        #expect(
            table
                == RateTable(
                    base: .usd, date: day("2015-05-28"), rates: [code("XFB"): dec("10.17")],
                    previous: PreviousRates(date: day("2015-05-27"), rates: [code("XFB"): dec("10.13")])))

        let unnamed = NasdaqDataset(database: "WIKI", code: "FB", base: .usd, quote: code("XFB"))!
        await #expect(throws: FetchFailure.malformed("several columns (Open, High, Low); name one in the config")) {
            try await Self.fetch([unnamed], [Self.path(unnamed): Self.json(body)])
        }
        for column in ["Close", "Date"] {
            let wrong = NasdaqDataset(database: "WIKI", code: "FB", base: .usd, quote: code("XFB"), column: column)!
            await #expect(throws: FetchFailure.malformed("no column '\(column)' in Date, Open, High, Low")) {
                try await Self.fetch([wrong], [Self.path(wrong): Self.json(body)])
            }
        }
    }

    @Test func emptyDataIsNoRates() async throws {
        await #expect(throws: FetchFailure.noRates) {
            try await Self.fetch([Self.eurusd], [Self.path(Self.eurusd): try Self.fixture("dataset-data-empty.constructed.json")])
        }
    }

    @Test func incorrectCodeIsAProviderError() async throws {
        let (source, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): try Self.fixture("error.json", status: 404)])
        #expect(
            await Self.failure(source)
                == .providerError(
                    "ECB/EURUSD: error QECx02: You have submitted an incorrect Quandl code. Please check your Quandl codes and try again."))
    }

    /// Long messages are cut at 100 characters, as every provider message is.
    @Test func rateLimitIsAProviderError() async throws {
        let (source, _) = Self.source(
            [Self.eurusd], [Self.path(Self.eurusd): try Self.fixture("error-anonymous-limit.constructed.json", status: 429)])
        #expect(
            await Self.failure(source)
                == .providerError(
                    "ECB/EURUSD: error QELx01: You have exceeded the anonymous user limit of 50 "
                        + "calls per day. To make more calls today, please reg…"))
    }

    /// The envelope is recognised even with status 200; an odd code is not shown as one.
    @Test func errorEnvelopeWithStatus200AndOddCode() async {
        let body = #"{"quandl_error":{"code":"<b>x</b>","message":"line one\nline two"}}"#
        let (source, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): Self.json(body)])
        #expect(await Self.failure(source) == .providerError("ECB/EURUSD: error unknown code: line one line two"))
    }

    // MARK: combining datasets

    /// EUR/USD, then USD/JPY linked through USD: JPY per EUR = 1.1741 × 109.68 = 128.775288 (before: 1.1784 × 108.99).
    @Test func combinesDatasetsThroughSharedCurrencies() async throws {
        let jpy = #"{"dataset_data":{"column_names":["DATE","VALUE"],"data":[["2021-03-26",109.68],["2021-03-25",108.99]]}}"#
        let (source, transport) = Self.source(
            [Self.eurusd, Self.dexjpus],
            [
                Self.path(Self.eurusd): try Self.fixture("dataset-data-fx.constructed.json"),
                Self.path(Self.dexjpus): Self.json(jpy),
            ])
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { return }
        // The oldest latest row dates the table: no rate claims to be newer than it is.
        #expect(
            table
                == RateTable(
                    base: .eur, date: day("2021-03-26"), rates: [.usd: dec("1.1741"), code("JPY"): dec("128.775288")],
                    previous: PreviousRates(date: day("2021-03-25"), rates: [.usd: dec("1.1784"), code("JPY"): dec("128.433816")])))
        #expect(transport.requests.map(\.url.path) == [Self.path(Self.eurusd), Self.path(Self.dexjpus)])
    }

    /// Listed the other way round, USD becomes the base and EUR is reached through the quote side.
    @Test func firstDatasetsBaseIsTheTablesBase() async throws {
        let jpy = #"{"dataset_data":{"column_names":["DATE","VALUE"],"data":[["2021-03-30",110.35]]}}"#
        let table = try await Self.fetch(
            [Self.dexjpus, Self.eurusd],
            [
                Self.path(Self.eurusd): try Self.fixture("dataset-data-fx.constructed.json"),
                Self.path(Self.dexjpus): Self.json(jpy),
            ])
        #expect(table.base == .usd)
        #expect(table.rates == [code("JPY"): dec("110.35"), .eur: dec("1") / dec("1.1741")])
        // JPY has one row only, so only EUR has a previous rate.
        #expect(table.previous == PreviousRates(date: day("2021-03-29"), rates: [.eur: dec("1") / dec("1.1784")]))
    }

    /// Inverted: the value is base per quote, as in FRED's DEXUSEU (USD per EUR) read as EUR in USD.
    @Test func invertedDataset() async throws {
        let inverted = NasdaqDataset(database: "ECB", code: "EURUSD", base: .usd, quote: .eur, inverted: true)!
        let table = try await Self.fetch([inverted], [Self.path(inverted): try Self.fixture("dataset-data-fx.constructed.json")])
        #expect(table.base == .usd)
        #expect(table.rates == [.eur: dec("1") / dec("1.1741")])
        #expect(table.rates[.eur]?.rounded(significantDigits: 20) == dec("0.85171620815944127417"))
    }

    @Test func datasetsThatCannotBeCombinedAreRefusedBeforeAnyRequest() async {
        let gbpjpy = NasdaqDataset(database: "BOE", code: "XUDLJYS", base: code("GBP"), quote: code("JPY"))!
        let (apart, apartTransport) = Self.source([Self.eurusd, gbpjpy], [:])
        #expect(await Self.failure(apart) == .malformed("datasets BOE/XUDLJYS (GBP/JPY) share no currency with EUR or those linked to it"))
        #expect(apartTransport.requests.isEmpty)

        let again = NasdaqDataset(database: "FRED", code: "DEXUSEU", base: .usd, quote: .eur, inverted: true)!
        let (twice, twiceTransport) = Self.source([Self.eurusd, again], [:])
        #expect(await Self.failure(twice) == .malformed("dataset FRED/DEXUSEU prices USD/EUR a second time"))
        #expect(twiceTransport.requests.isEmpty)

        let (none, noneTransport) = Self.source([], [:])
        #expect(await Self.failure(none) == .notConfigured("datasets"))
        #expect(noneTransport.requests.isEmpty)
    }

    /// One failing dataset leaves its currency out, said as the fetch's gap (issue 32: a partial
    /// table no longer hides it); the others are kept. Every dataset failing fails the fetch.
    @Test func oneFailingDatasetLeavesOnlyItsCurrencyOut() async throws {
        let answers = [
            Self.path(Self.eurusd): try Self.fixture("dataset-data-fx.constructed.json"),
            Self.path(Self.eurbgn): try Self.fixture("error.json", status: 404),
        ]
        let (source, transport) = Self.source([Self.eurusd, Self.eurbgn], answers)
        let attempt = await RequestCount.counting { () async throws(FetchFailure) in try await source.fetchLatest(validators: nil) }
        guard case .fetched(let table, _) = try attempt.result.get() else { Issue.record("not fetched"); return }
        #expect(table.rates == [.usd: dec("1.1741")])
        let incorrect = FetchFailure.providerError(
            "ECB/EURBGN: error QECx02: You have submitted an incorrect Quandl code. Please check your Quandl codes and try again.")
        #expect(attempt.gaps == [PriceGap(code("BGN"), incorrect)])
        #expect(!String(describing: attempt.gaps).contains(Self.key))
        #expect(transport.requests.count == 2)

        let (neither, _) = Self.source([Self.eurbgn, Self.eurusd], [Self.path(Self.eurbgn): answers[Self.path(Self.eurbgn)]!])
        #expect(await Self.failure(neither) == incorrect)
    }

    // MARK: refused values and bodies

    @Test(arguments: [
        (#"["2021-03-30",0]"#, FetchFailure.invalidRate(currency: "EUR/USD", value: "0")),
        (#"["2021-03-30",-1.1741]"#, .invalidRate(currency: "EUR/USD", value: "-1.1741")),
        (#"["2021-03-30","1.1741"]"#, .invalidRate(currency: "EUR/USD", value: #""1.1741""#)),
        (#"["2021-03-30",1.1741e0]"#, .invalidRate(currency: "EUR/USD", value: "1.1741e0")),
        (#"["2021-03-30",1.1741,1.2]"#, .malformed("row 2021-03-30 has 3 values for 2 columns")),
        (#"["2021-03-30"]"#, .malformed("row 2021-03-30 has 1 values for 2 columns")),
        (#"["30/03/2021",1.1741]"#, .malformed("'30/03/2021' is not a date")),
        (#"[]"#, .missingDate),
        (#"["2021-03-30",1.1741],["2021-03-30",1.1742]"#, .duplicateDate(day("2021-03-30"))),
        (#"["2021-04-02",1.1741]"#, .futureDate(day("2021-04-02"))),
        (#"["2021-03-30",null]"#, .noRates),
    ])
    func refusedRows(rows: String, expected: FetchFailure) async {
        await #expect(throws: expected) { try await Self.fetchRows(rows) }
    }

    /// A null is a gap: the newest two values present are used, whatever the row order.
    @Test func nullsAreSkippedAndRowsSorted() async throws {
        let table = try await Self.fetchRows(#"["2021-03-26",1.1782],["2021-03-30",null],["2021-03-29",1.1784],["2021-03-31",1.1725]"#)
        #expect(
            table
                == RateTable(
                    base: .eur, date: day("2021-03-31"), rates: [.usd: dec("1.1725")],
                    previous: PreviousRates(date: day("2021-03-29"), rates: [.usd: dec("1.1784")])))
    }

    @Test(arguments: [
        (#"{"dataset_data":{"data":[]}}"#, FetchFailure.malformed("no column_names")),
        (#"{"dataset_data":{"column_names":["Date","Value"]}}"#, .malformed("no data")),
        (#"{"datasets":[]}"#, .malformed("no dataset_data")),
        (#"{"dataset_data":{"column_names":["Date","Value"],"data":[]},"dataset_data":{}}"#, .malformed("duplicate key 'dataset_data'")),
        (#"{"dataset":{"column_names":["Date","Value"],"data":[]},"dataset_data":{}}"#, .malformed("both dataset and dataset_data")),
        (#"{"dataset_data":{"column_names":["Date","Value"],"column_names":[],"data":[]}}"#, .malformed("duplicate key 'column_names'")),
        (#"[]"#, .malformed("expected '{' at byte 0")),
    ])
    func refusedBodies(body: String, expected: FetchFailure) async {
        await #expect(throws: expected) { try await Self.fetch([Self.eurusd], [Self.path(Self.eurusd): Self.json(body)]) }
    }

    @Test func truncatedBodyIsRefused() async throws {
        let whole = try Fixture.data("nasdaq/dataset-data-fx.constructed.json")
        for length in [1, 100, whole.count / 2, whole.count - 2] {
            // Where the cut falls decides the wording; any refusal as malformed will do.
            let error = await #expect(throws: FetchFailure.self) {
                try await Self.fetch([Self.eurusd], [Self.path(Self.eurusd): Self.json(whole.prefix(length))])
            }
            guard case .malformed? = error else { Issue.record("cut at \(length): \(String(describing: error))"); continue }
        }
    }

    @Test(arguments: [
        (
            HTTPResponse(status: 404, headers: ["Content-Type": "text/html"], body: Data("<html>not found</html>".utf8)),
            FetchFailure.httpStatus(404)
        ),
        (HTTPResponse(status: 400, body: Data(#"{"message":"not an envelope"}"#.utf8)), .httpStatus(400)),
    ])
    func refusedResponses(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): .success(response)])
        #expect(await Self.failure(source) == expected)
    }

    // MARK: the key

    /// A message or transport error that echoes the key has it blanked.
    @Test func failuresNeverHoldTheKey() async {
        let echo = #"{"quandl_error":{"code":"QEAx01","message":"\#(Self.key) is not a valid API key."}}"#
        let (provider, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): Self.json(echo, status: 400)])
        #expect(await Self.failure(provider) == .providerError("ECB/EURUSD: error QEAx01: [key] is not a valid API key."))

        let url = "https://data.nasdaq.com/api/v3/datasets/ECB/EURUSD/data.json?api_key=\(Self.key)&limit=2"
        let (transport, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): .failure(.other("could not load \(url)"))])
        #expect(
            await Self.failure(transport)
                == .transport(
                    .other(
                        "could not load https://data.nasdaq.com/api/v3/datasets/ECB/EURUSD/data.json?api_key=[key]&limit=2")))

        let (connect, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): .failure(.cannotConnect(Self.key))])
        #expect(await Self.failure(connect) == .transport(.cannotConnect("[key]")))

        let (upper, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): .failure(.cannotConnect(Self.key.uppercased()))])
        #expect(await Self.failure(upper) == .transport(.cannotConnect("[key]")))

        let value = #"{"dataset_data":{"column_names":["Date","Value"],"data":[["2021-03-30","\#(Self.key)"]]}}"#
        let (body, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): Self.json(value)])
        #expect(await Self.failure(body) == .invalidRate(currency: "EUR/USD", value: #""[key]""#))

        let (timeout, _) = Self.source([Self.eurusd], [Self.path(Self.eurusd): .failure(.timedOut(seconds: 15))])
        #expect(await Self.failure(timeout) == .transport(.timedOut(seconds: 15)))
    }

    /// `&`, `=` and `+` in a key cannot split or change the query.
    @Test func keyIsPercentEncoded() async throws {
        let key = "a+b&c=d/e"
        let transport = PathTransport([:])
        let source = NasdaqDataLinkSource(apiKey: key, datasets: [Self.eurusd], transport: transport, clock: FixedClock(Self.now))
        await #expect(throws: FetchFailure.httpStatus(404)) { try await source.fetchLatest(validators: nil) }
        #expect(transport.requests.first?.url.query == "api_key=a%2Bb%26c%3Dd%2Fe&limit=2")
        let echoing = PathTransport([Self.path(Self.eurusd): .failure(.other("GET …?api_key=a%2Bb%26c%3Dd%2Fe failed"))])
        let echoed = NasdaqDataLinkSource(apiKey: key, datasets: [Self.eurusd], transport: echoing, clock: FixedClock(Self.now))
        await #expect(throws: FetchFailure.transport(.other("GET …?api_key=[key] failed"))) {
            try await echoed.fetchLatest(validators: nil)
        }
    }

    // MARK: configuration, URLs, schedule

    /// A key but no datasets: nothing is sent, so nothing is counted, and the reason is the config.
    @Test func noDatasetsIsNotConfiguredAndCostsNothing() async throws {
        let transport = PathTransport([:])
        let source = NasdaqDataLinkSource(apiKey: "k", datasets: [], transport: transport, clock: FixedClock(Self.now))
        let usage = MemoryUsageStore()
        let service = RateService(sources: [source], store: MemoryRateStore(), clock: FixedClock(Self.now), usage: usage)
        #expect(try await service.refresh(only: [.nasdaq]).first?.outcome == .failed(.notConfigured("datasets")))
        #expect(transport.requests.isEmpty)
        #expect(usage.load()[.nasdaq]?.requests ?? 0 == 0)
    }

    @Test func datasetCodesMustBePlain() {
        #expect(NasdaqDataset(database: "ECB", code: "EURUSD", base: .eur, quote: .usd)?.name == "ECB/EURUSD")
        #expect(NasdaqDataset(database: "FRED", code: "DEX_US-EU", base: .usd, quote: .eur) == nil)
        #expect(NasdaqDataset(database: "ECB/EURUSD", code: "X", base: .eur, quote: .usd) == nil)
        #expect(NasdaqDataset(database: "ECB", code: "..", base: .eur, quote: .usd) == nil)
        #expect(NasdaqDataset(database: "ECB", code: "EUR USD", base: .eur, quote: .usd) == nil)
        #expect(NasdaqDataset(database: "", code: "EURUSD", base: .eur, quote: .usd) == nil)
        #expect(NasdaqDataset(database: "ECB", code: "EUREUR", base: .eur, quote: .eur) == nil)
    }

    @Test func nameAndSchedule() {
        let (source, _) = Self.source([Self.eurusd], [:])
        #expect(source.id == .nasdaq)
        #expect(source.name == "Nasdaq Data Link")
        #expect(source.nextPublication(after: day("2021-03-26")) == utc("2021-03-29T00:00:00Z"))  // Friday → Monday
        #expect(source.nextPublication(after: day("2021-03-27")) == utc("2021-03-29T00:00:00Z"))
        #expect(source.nextPublication(after: day("2021-03-30")) == utc("2021-03-31T00:00:00Z"))
    }
}

@Suite("Nasdaq key redaction")
struct NasdaqRedactionTests {
    @Test
    func aKeyCutShortByAShortenedMessageIsStillHidden() {
        let failure = NasdaqDataLinkSource.redacting("abcdef123456", from: .providerError("error QECx02: unknown key abcdef12…"))
        #expect(failure == .providerError("error QECx02: unknown key [key]…"))
        #expect(
            NasdaqDataLinkSource.redacting("abcdef123456", from: .providerError("see ABCDEF123456 here"))
                == .providerError("see [key] here"))
    }
}
