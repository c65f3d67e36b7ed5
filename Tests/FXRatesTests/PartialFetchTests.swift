import FXRates
import FXTestSupport
import Foundation
import Testing

/// Issue 32: a fetch that asks for several assets or currencies keeps every one that answered,
/// and says which it could not price, and why; only when none answered is it a failure.
@Suite("Partial fetches keep what answered")
struct PartialFetchTests {
    static let now = utc("2026-11-25T14:02:31Z")
    static let btc = code("BTC"), eth = code("ETH"), xrp = code("XRP"), jpy = code("JPY")
    static let invalidCurrency = FetchFailure.providerError("Invalid currency (not_found)")

    /// Coinbase asking BTC, ETH and XRP; `answer` gives each asset's response (nil: Coinbase's real 404).
    static func coinbase(_ answer: @escaping @Sendable (String) -> HTTPResponse? = { $0 == "XRP" ? nil : spot($0, "100.5") }) -> (
        CoinbaseSource, RouteTransport
    ) {
        let transport = RouteTransport { url in
            let asset = String(url.path.split(separator: "/").first { $0.hasSuffix("-USD") }?.dropLast(4) ?? "")
            return answer(asset) ?? RouteTransport.json(try! Fixture.data("coinbase/error-404-invalid-currency.json"), status: 404)
        }
        let setting = ExchangeSetting(assets: [btc, eth, xrp])
        return (CoinbaseSource(setting: setting, transport: transport, clock: FixedClock(now)), transport)
    }

    static func spot(_ base: String, _ amount: String) -> HTTPResponse {
        RouteTransport.json(#"{"data":{"amount":"\#(amount)","base":"\#(base)","currency":"USD"}}"#)
    }

    static func service(_ source: any RateSource, store: MemoryRateStore = MemoryRateStore()) -> RateService {
        RateService(sources: [source], store: store, clock: FixedClock(now), usage: MemoryUsageStore())
    }

    @Test func coinbaseKeepsTheAssetsThatAnswered() async throws {
        let (source, transport) = Self.coinbase()
        let store = MemoryRateStore()
        let service = Self.service(source, store: store)
        let reports = try await service.refresh()
        guard case .updated(let entry) = reports.first?.outcome else {
            Issue.record("\(String(describing: reports.first?.outcome))")
            return
        }
        #expect(transport.requests.count == 3)
        #expect(entry.table.rates == [Self.btc: 1 / dec("100.5"), Self.eth: 1 / dec("100.5")])
        // XRP, and why, kept with the table; said once, as the fetch's warning.
        #expect(entry.gaps == [PriceGap(Self.xrp, Self.invalidCurrency)])
        #expect(store.load().entries[.coinbase] == entry)
        #expect(await service.takeDiagnostics() == [.partlyPriced(source: .coinbase, sourceName: "Coinbase", gaps: entry.gaps)])
        // What answered answers; ETH in USD from the fetch just made.
        let quote = try await service.quote(from: Self.eth, to: .usd)
        #expect(quote.rate == dec("100.5"))
        // The one it lacks says so, from the last fetch; a later run reads it from the cache.
        let notPriced = RateError.notPriced(Self.xrp, source: .coinbase, sourceName: "Coinbase", failure: Self.invalidCurrency)
        await #expect(throws: notPriced) { try await service.quote(from: Self.xrp, to: .usd) }
        await #expect(throws: notPriced) { try await Self.service(source, store: store).quote(from: Self.xrp, to: .usd) }
        await #expect(throws: notPriced) { try await service.latestTable(covering: Self.xrp) }
        #expect(await service.takeDiagnostics() == [])
        #expect(transport.requests.count == 3)
    }

    /// Asked at once, the fetch that leaves XRP out says it once, in the error, not as a warning too.
    @Test func askingForTheAssetLeftOutSaysWhyOnce() async throws {
        let (source, _) = Self.coinbase()
        let service = Self.service(source)
        await #expect(throws: RateError.notPriced(Self.xrp, source: .coinbase, sourceName: "Coinbase", failure: Self.invalidCurrency)) {
            try await service.quote(from: Self.xrp, to: .usd)
        }
        #expect(await service.takeDiagnostics() == [])
    }

    /// The gaps go through the cache file, with the currencies a narrowed read keeps.
    @Test func theCacheFileKeepsTheGaps() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileRateStore(directory: directory.path)
        let gaps = [
            PriceGap(Self.xrp, .providerError("Invalid currency (not_found) " + String(repeating: "long ", count: 40))),
            PriceGap(Self.jpy, .notInAnswer("JPYEUR")),
        ]
        let entry = CachedRates(
            source: .coinbase, table: RateTable(base: .usd, date: day("2026-11-25"), rates: [Self.btc: dec("0.00001")]),
            fetchedAt: Self.now, gaps: gaps)
        try store.save(entry)
        #expect(store.load().entries[.coinbase] == entry)
        // A narrowed read leaves the entry for its source's turn (`deferred`).
        #expect(store.load(keeping: [Self.xrp, .usd]).deferred[.coinbase]?()?.gaps == [gaps[0]])
        #expect(store.load(keeping: [Self.btc, .usd]).deferred[.coinbase]?()?.gaps == [])
    }

    @Test func everyAssetFailingIsAFailureAndTheCacheIsUntouched() async throws {
        let (source, _) = Self.coinbase { _ in nil }
        let store = MemoryRateStore()
        let reports = try await Self.service(source, store: store).refresh()
        // Said alone, the provider's words name the asset they were about.
        #expect(reports.first?.outcome == .failed(.providerError("BTC: Invalid currency (not_found)")))
        #expect(store.load().entries.isEmpty)
    }

    /// A throttle is the server's word about the source, not about one asset: the whole fetch
    /// fails with it, so that its wait is kept.
    @Test func aThrottleOnOneAssetFailsTheWholeFetch() async throws {
        let (source, _) = Self.coinbase { asset in
            asset == "ETH"
                ? RouteTransport.json(try! Fixture.data("coinbase/error-429-rate-limit.json"), status: 429) : Self.spot(asset, "1")
        }
        let reports = try await Self.service(source).refresh()
        guard case .failed(.throttled(429, _)) = reports.first?.outcome else {
            Issue.record("\(String(describing: reports.first?.outcome))")
            return
        }
    }

    // MARK: Kraken

    static func kraken(_ route: @escaping @Sendable (URL) -> HTTPResponse) -> (KrakenSource, RouteTransport) {
        let transport = RouteTransport(route)
        let setting = ExchangeSetting(assets: [btc, eth, xrp])
        return (KrakenSource(setting: setting, transport: transport, clock: FixedClock(now)), transport)
    }

    static func market(_ key: String, _ price: String) -> String {
        #""\#(key)":{"a":["\#(price)","1","1.000"],"c":["\#(price)","0.1"],"o":"\#(price)"}"#
    }

    static let markets = [
        "XBTEUR": market("XXBTZEUR", "59870.20000"), "ETHEUR": market("XETHZEUR", "2435.14000"),
        "XRPEUR": market("XXRPZEUR", "1.95310"), "EURUSD": market("ZEURZUSD", "1.11860"),
    ]

    /// The pairs a Ticker URL asks.
    static func pairs(_ url: URL) -> [String] {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return query.first { $0.name == "pair" }?.value?.split(separator: ",").map(String.init) ?? []
    }

    static func ticker(_ entries: [String], error: String = "") -> HTTPResponse {
        RouteTransport.json(#"{"error":[\#(error)],"result":{\#(entries.joined(separator: ","))}}"#)
    }

    @Test func krakenKeepsTheMarketsOfAnAnswerThatLeavesOneOut() async throws {
        let (source, _) = Self.kraken { url in Self.ticker(Self.pairs(url).filter { $0 != "XRPEUR" }.map { Self.markets[$0]! }) }
        let (table, gaps) = try await Self.fetch(source)
        #expect(table.rates[Self.btc] == 1 / dec("59870.20000"))
        #expect(table.rates[.usd] == dec("1.11860"))
        #expect(table.rates[Self.xrp] == nil)
        #expect(gaps == [PriceGap(Self.xrp, .notInAnswer("XRPEUR"))])
    }

    /// The latest table of `source` and the gaps its fetch recorded.
    static func fetch(_ source: any RateSource) async throws -> (RateTable, [PriceGap]) {
        let attempt = await RequestCount.counting { () async throws(FetchFailure) in try await source.fetchLatest(validators: nil) }
        guard case .fetched(let table, _) = try attempt.result.get() else { throw FetchFailure.httpStatus(304) }
        return (table, attempt.gaps)
    }

    /// An `error` beside a `result`: the markets in it are kept, the others said with Kraken's words.
    @Test func krakenErrorBesideAResultKeepsItsMarkets() async throws {
        let (source, _) = Self.kraken { url in
            Self.ticker(Self.pairs(url).filter { $0 != "XRPEUR" }.map { Self.markets[$0]! }, error: #""EGeneral:Temporary lockout""#)
        }
        let (table, gaps) = try await Self.fetch(source)
        #expect(Set(table.rates.keys) == [Self.btc, Self.eth, .usd])
        #expect(gaps == [PriceGap(Self.xrp, .providerError("EGeneral:Temporary lockout"))])
    }

    @Test func krakenKeepsTheOtherMarketsWhenOnePriceIsUnusable() async throws {
        let (source, _) = Self.kraken { url in
            Self.ticker(Self.pairs(url).map { $0 == "ETHEUR" ? Self.market("XETHZEUR", "0") : Self.markets[$0]! })
        }
        let (table, gaps) = try await Self.fetch(source)
        #expect(Set(table.rates.keys) == [Self.btc, Self.xrp, .usd])
        #expect(gaps == [PriceGap(Self.eth, .invalidRate(currency: "ETH", value: "0"))])
        // Today's opens stand for the previous close only where every market has one.
        #expect(table.previous?.rates[Self.btc] == 1 / dec("59870.20000"))
    }

    /// Kraken refuses a whole multi-pair request for one unknown pair: each market is then asked alone.
    @Test func krakenRefusingTheWholeRequestIsAskedMarketByMarket() async throws {
        let (source, transport) = Self.kraken { url in
            let pairs = Self.pairs(url)
            guard !pairs.contains("XRPEUR") else { return RouteTransport.json(try! Fixture.data("kraken/error-unknown-pair.json")) }
            return Self.ticker(pairs.map { Self.markets[$0]! })
        }
        let (table, gaps) = try await Self.fetch(source)
        #expect(Set(table.rates.keys) == [Self.btc, Self.eth, .usd])
        #expect(gaps == [PriceGap(Self.xrp, .providerError("unknown asset pair (EQuery:Unknown asset pair)"))])
        #expect(
            transport.requests.map { Self.pairs($0.url).joined(separator: ",") } == [
                "XBTEUR,ETHEUR,XRPEUR,EURUSD", "XBTEUR", "ETHEUR", "XRPEUR", "EURUSD",
            ])
    }

    // MARK: Nasdaq and Dunamu

    /// EUR/USD answers, USD/JPY (linked through USD) fails: the table keeps USD.
    @Test func nasdaqKeepsTheDatasetsThatAnswered() async throws {
        let eurusd = NasdaqDataset(database: "ECB", code: "EURUSD", base: .eur, quote: .usd)!
        let dexjpus = NasdaqDataset(database: "FRED", code: "DEXJPUS", base: .usd, quote: Self.jpy)!
        let transport = RouteTransport { url in
            url.path.contains("EURUSD")
                ? RouteTransport.json(try! Fixture.data("nasdaq/dataset-data-fx.constructed.json"))
                : RouteTransport.json(try! Fixture.data("nasdaq/error.json"), status: 404)
        }
        let source = NasdaqDataLinkSource(
            apiKey: "Sekr3t-key", datasets: [eurusd, dexjpus], transport: transport, clock: FixedClock(utc("2021-03-31T12:00:00Z")))
        let (table, gaps) = try await Self.fetch(source)
        #expect(table.rates == [.usd: dec("1.1741")])
        #expect(transport.requests.count == 2)
        #expect(gaps.map(\.code) == [Self.jpy])
        guard case .providerError(let text) = gaps.first?.failure else { Issue.record("\(gaps)"); return }
        #expect(text.hasPrefix("FRED/DEXJPUS: error QECx02: "), "\(text)")
    }

    /// One record Dunamu sent unusable (a zero price): the others are kept.
    @Test func dunamuKeepsTheRecordsThatAreUsable() async throws {
        let usd =
            #"{"code":"FRX.KRWUSD","currencyCode":"USD","date":"2024-02-20","basePrice":1338.00,"currencyUnit":1,"timestamp":1708410689000}"#
        let jpy =
            #"{"code":"FRX.KRWJPY","currencyCode":"JPY","date":"2024-02-20","basePrice":0,"currencyUnit":100,"timestamp":1708410689000}"#
        let transport = FakeTransport(.success(RouteTransport.json("[\(usd),\(jpy)]")))
        let source = DunamuSource(currencies: [.usd, Self.jpy], transport: transport, clock: FixedClock(utc("2024-02-20T07:00:00Z")))
        let (table, gaps) = try await Self.fetch(source)
        #expect(table.rates == [.usd: 1 / dec("1338.00")])
        #expect(gaps == [PriceGap(Self.jpy, .invalidRate(currency: "JPY", value: "0"))])
    }
}
