import FXDocuments
import FXRates
import FXTestSupport
import Foundation
import Testing

/// usage.json counts every HTTP request a fetch sends, not one per fetch: a quota is judged by
/// what the provider saw. Each test compares the record with the requests the fake transport got.
@Suite("Usage: every request of a fetch is counted")
struct RequestCountTests {
    static let now = utc("2026-11-25T14:02:31Z")

    static func spot(_ base: String, _ amount: String) -> HTTPResponse {
        RouteTransport.json(#"{"data":{"amount":"\#(amount)","base":"\#(base)","currency":"USD"}}"#)
    }

    /// Coinbase asking `assets`, each priced by `price` (nil: the server answers 503 and asks for a minute's wait).
    static func coinbase(_ assets: [String], price: @escaping @Sendable (String) -> String? = { _ in "100.5" }) -> (
        CoinbaseSource, RouteTransport
    ) {
        let transport = RouteTransport { url in
            let asset = String(url.path.split(separator: "/").first { $0.hasSuffix("-USD") }?.dropLast(4) ?? "")
            guard let amount = price(asset) else { return HTTPResponse(status: 503, headers: ["Retry-After": "60"]) }
            return spot(asset, amount)
        }
        return (CoinbaseSource(setting: ExchangeSetting(assets: assets.map(code)), transport: transport, clock: FixedClock(now)), transport)
    }

    static func service(_ sources: [any RateSource], usage: MemoryUsageStore, clock: any WallClock = FixedClock(now)) -> RateService {
        RateService(sources: sources, store: MemoryRateStore(), clock: clock, usage: usage)
    }

    @Test func aCoinbaseFetchOfNAssetsRecordsNRequestsAndAnUnchangedOneWastesThemAll() async throws {
        let (source, transport) = Self.coinbase(["BTC", "ETH", "LTC"])
        let usage = MemoryUsageStore()
        let service = Self.service([source], usage: usage)
        _ = try await service.refresh()
        #expect(transport.requests.count == 3)
        #expect(usage.load()[.coinbase].map { ($0.requests, $0.wasted) } ?? (0, 0) == (3, 0))
        // The same prices again: nothing new, so all three requests were wasted.
        _ = try await service.refresh()
        #expect(transport.requests.count == 6)
        #expect(usage.load()[.coinbase].map { ($0.requests, $0.wasted) } ?? (0, 0) == (6, 3))
    }

    /// Coinbase asks all its assets at once: a failure of one still leaves the others sent. (A
    /// wait asked for fails the whole fetch; an asset that merely failed leaves the others kept,
    /// `PartialFetchTests`.)
    @Test func aFetchThatFailsPartwayRecordsTheRequestsSent() async throws {
        let (source, transport) = Self.coinbase(["BTC", "ETH", "LTC", "BCH", "SOL"]) { $0 == "LTC" ? nil : "100.5" }
        let usage = MemoryUsageStore()
        let report = try await Self.service([source], usage: usage).refresh()
        guard case .failed(.throttled(503, _)) = report.first?.outcome else {
            Issue.record("\(String(describing: report.first?.outcome))")
            return
        }
        let record = try #require(usage.load()[.coinbase])
        #expect(transport.requests.count == 5)
        #expect(record.requests == 5)
        #expect(record.wasted == 0)
        // Failures in a row count fetches: one back-off step, not five.
        #expect(record.failures == 1)
    }

    /// Nasdaq asks its datasets one at a time and stops at the first failure: two of three sent.
    @Test func aSequentialFetchThatFailsPartwayRecordsOnlyWhatWasSent() async throws {
        let datasets = ["EURUSD", "EURJPY", "EURGBP"].map {
            NasdaqDataset(database: "ECB", code: $0, base: .eur, quote: code(String($0.suffix(3))))!
        }
        let rows = #"{"dataset_data":{"column_names":["Date","Value"],"data":[["2026-11-24",1.1]]}}"#
        let transport = PathTransport([
            "/api/v3/datasets/ECB/EURUSD/data.json": .success(RouteTransport.json(rows)),
            "/api/v3/datasets/ECB/EURJPY/data.json": .failure(.timedOut(seconds: 15)),
            "/api/v3/datasets/ECB/EURGBP/data.json": .success(RouteTransport.json(rows)),
        ])
        let source = NasdaqDataLinkSource(apiKey: "k", datasets: datasets, transport: transport, clock: FixedClock(Self.now))
        let usage = MemoryUsageStore()
        _ = try await Self.service([source], usage: usage).refresh()
        #expect(transport.requests.count == 2)
        let record = try #require(usage.load()[.nasdaq])
        #expect(record.requests == 2)
        #expect(record.lastErrorSuggestsNoNetwork)
    }

    /// Frankfurter's latest asks the metals again against gold: two requests, counted by the
    /// automatic fetch (not only `refresh`).
    @Test func aFrankfurterLatestFetchThatAsksTheMetalsRecordsTwo() async throws {
        let transport = RoutedTransport([
            (
                "base=XAU",
                FrankfurterMetalsTests.json(
                    #"[{"date":"2026-11-20","base":"XAU","quote":"EUR","rate":3950.12},{"date":"2026-11-20","base":"XAU","quote":"XAG","rate":80.123}]"#
                )
            ),
            ("base=EUR", FrankfurterMetalsTests.latest),
        ])
        let usage = MemoryUsageStore()
        let service = Self.service([FrankfurterSource(transport: transport)], usage: usage)
        _ = try await service.latestTable(only: SourceID.frankfurter)
        #expect(transport.requests.count == 2)
        #expect(usage.load()[.frankfurter]?.requests == 2)
    }

    /// A source that asks once still counts one: Frankfurter without coarse metals, and the ECB
    /// (whose file fetcher goes through the same fetch step).
    @Test func singleRequestSourcesStillRecordOne() async throws {
        let latest = FrankfurterMetalsTests.json(
            #"[{"date":"2026-11-24","base":"EUR","quote":"USD","rate":1.1172,"providers":[{"key":"ECB","date":"2026-11-24","rate":1.1172}]}]"#
        )
        let frankfurter = RoutedTransport([("base=EUR", latest)])
        let ecb = FakeTransport(.success(HTTPResponse(status: 200, body: try Fixture.data("eurofxref-daily.xml"))))
        let sources: [any RateSource] = [
            FrankfurterSource(transport: frankfurter), ECBSource(files: InProcessECBFetcher(transport: ecb)),
        ]
        let usage = MemoryUsageStore()
        _ = try await Self.service(sources, usage: usage, clock: FixedClock(utc("2026-11-25T16:30:00Z"))).refresh()
        #expect(frankfurter.requests.count == 1 && ecb.requests.count == 1)
        #expect(usage.load()[.frankfurter]?.requests == 1)
        #expect(usage.load()[.ecb]?.requests == 1)
    }

    /// Sources fetched at once (`refresh`) each count only their own requests.
    @Test func sourcesFetchedAtOnceCountTheirOwnRequests() async throws {
        let (coinbase, coinbaseTransport) = Self.coinbase(["BTC", "ETH", "LTC", "BCH"])
        let frankfurter = RoutedTransport([
            ("base=XAU", FrankfurterMetalsTests.json(#"[{"date":"2026-11-20","base":"XAU","quote":"EUR","rate":3950.12}]"#)),
            ("base=EUR", FrankfurterMetalsTests.latest),
        ])
        let usage = MemoryUsageStore()
        _ = try await Self.service([coinbase, FrankfurterSource(transport: frankfurter)], usage: usage).refresh()
        #expect(coinbaseTransport.requests.count == 4 && frankfurter.requests.count == 2)
        #expect(usage.load()[.coinbase]?.requests == 4)
        #expect(usage.load()[.frankfurter]?.requests == 2)
    }

    /// A fetch refused before sending (no key) counts nothing, as before.
    @Test func aFetchRefusedBeforeSendingCountsNothing() async throws {
        let transport = FakeTransport(.success(RouteTransport.json("{}")))
        let usage = MemoryUsageStore()
        let source = OpenExchangeRatesSource(appID: nil, transport: transport)
        _ = try await Self.service([source], usage: usage).refresh()
        #expect(transport.requests.isEmpty)
        #expect(usage.load()[.oxr] == nil)
    }

    /// A history fetch counts its requests too: Kraken asks a page per market.
    @Test func aHistoryFetchRecordsEveryRequest() async throws {
        let (source, transport) = KrakenSourceTests.source { url in
            url.absoluteString.contains("pair=EURUSD")
                ? RouteTransport.json(
                    #"{"error":[],"result":{"ZEURZUSD":[[1791417600,"1.1170","1.1190","1.1160","1.1186","1.1180","100.0",10]],"last":1791417600}}"#
                )
                : RouteTransport.json(try! Fixture.data("kraken/ohlc-xbteur-1440.constructed.json"))
        }
        let usage = MemoryUsageStore()
        let history = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: FixedClock(KrakenSourceTests.now),
            discipline: RequestDiscipline(usage: usage))
        // Named: an exchange is not asked about currencies alone otherwise (issue 34).
        _ = try? await history.quote(from: .eur, to: .usd, on: day("2026-10-08"), only: .kraken)
        #expect(transport.requests.count >= 2, "\(transport.requests.map(\.url))")
        #expect(usage.load()[.kraken]?.requests == transport.requests.count)
    }

    /// The counter is the fetch's own: nested counts add to both, and nothing outside a count is lost.
    @Test func countsAreScopedToTheirFetch() async {
        let transport = FakeTransport(.success(RouteTransport.json("{}")))
        let request = SourceRequest(url: URL(string: "https://example.org/a")!, timeout: 5, maxBytes: 1 << 10)
        let outer = await RequestCount.counting { () async throws(FetchFailure) -> Int in
            _ = try await SourceFetch.get(request, expecting: .json, over: transport)
            let inner = await RequestCount.counting { () async throws(FetchFailure) in
                _ = try await SourceFetch.get(request, expecting: .json, over: transport)
                _ = try await SourceFetch.get(request, expecting: .json, over: transport)
            }
            return inner.requests
        }
        #expect(outer.requests == 3)
        #expect((try? outer.result.get()) == 2)
        // A plain-HTTP URL to another host is refused before sending: not counted.
        let refused = await RequestCount.counting { () async throws(FetchFailure) in
            _ = try await SourceFetch.get(
                SourceRequest(url: URL(string: "http://example.org/a")!, timeout: 5, maxBytes: 1 << 10), expecting: .json, over: transport)
        }
        #expect(refused.requests == 0)
        #expect(transport.requests.count == 3)
    }
}
