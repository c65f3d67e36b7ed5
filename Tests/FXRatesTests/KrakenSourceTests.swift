import FXRates
import FXTestSupport
import Foundation
import Testing

@Suite("Kraken ticker and daily closes over a fake transport")
struct KrakenSourceTests {
    static let now = utc("2026-10-09T00:30:05Z")
    static let btc = code("BTC")

    static func source(assets: [String] = ["BTC"], _ route: @escaping @Sendable (URL) -> HTTPResponse) -> (KrakenSource, RouteTransport) {
        let transport = RouteTransport(route)
        return (KrakenSource(setting: ExchangeSetting(assets: assets.map(code)), transport: transport, clock: FixedClock(now)), transport)
    }

    /// The real XBTEUR ticker sample with an EUR/USD market beside it (constructed: 1.1186, the ECB's rate of 2026-10-08).
    static let ticker: String = {
        let real = String(decoding: try! Fixture.data("kraken/ticker-xbteur.json"), as: UTF8.self)
        return real.replacingOccurrences(
            of: "}}}", with: #"},"ZEURZUSD":{"a":["1.11870","1","1.000"],"c":["1.11860","100"],"o":"1.11500"}}}"#)
    }()

    @Test func oneTickerRequestPricesEveryAssetInEUR() async throws {
        let (source, transport) = Self.source { _ in RouteTransport.json(Self.ticker) }
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("not fetched"); return }
        #expect(table.base == .eur)
        #expect(table.publishedAt == utc("2026-10-09T00:30:05Z"))
        // The last trade, c[0]; EUR/USD is USD per EUR as it stands.
        #expect(table.rates[Self.btc] == 1 / dec("37169.00000"))
        #expect(table.rates[.usd] == dec("1.11860"))
        // Today's opens stand for the previous close.
        #expect(table.previous == PreviousRates(date: day("2026-10-08"), rates: [Self.btc: 1 / dec("38386.2"), .usd: dec("1.115")]))
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.kraken.com/0/public/Ticker?pair=XBTEUR,EURUSD"])
    }

    @Test func errorsInsideAnHTTP200AreFailures() async throws {
        let (unknown, _) = Self.source { _ in RouteTransport.json(try! Fixture.data("kraken/error-unknown-pair.json")) }
        await #expect(throws: FetchFailure.providerError("BTC: unknown asset pair (EQuery:Unknown asset pair)")) {
            try await unknown.fetchLatest(validators: nil)
        }
        let (throttled, _) = Self.source { _ in RouteTransport.json(#"{"error":["EService:Throttled: 1700000000"]}"#) }
        await #expect(throws: FetchFailure.throttled(status: 200, retryAfter: .seconds(10))) {
            try await throttled.fetchLatest(validators: nil)
        }
        // A pair not asked for is not taken for one that was.
        let (other, _) = Self.source { _ in RouteTransport.json(try! Fixture.data("kraken/ticker-xbtusd.2023-12-05.json")) }
        await #expect(throws: FetchFailure.malformed("an answer for 'XXBTZUSD', which was not asked for")) {
            try await other.fetchLatest(validators: nil)
        }
    }

    @Test func dailyClosesLeaveOutTheCandleStillOpen() async throws {
        let (source, transport) = Self.source { url in
            url.absoluteString.contains("pair=EURUSD")
                ? RouteTransport.json(
                    #"{"error":[],"result":{"ZEURZUSD":[[1791417600,"1.1170","1.1190","1.1160","1.1186","1.1180","100.0",10],[1791504000,"1.1186","1.1186","1.1186","1.1186","0","0",0]],"last":1791417600}}"#
                )
                : RouteTransport.json(try! Fixture.data("kraken/ohlc-xbteur-1440.constructed.json"))
        }
        let history = try await source.fetchHistory(since: day("2026-10-08"), today: day("2026-10-09"))
        // 2026-10-09's candle (after `last`) is only the latest trade: no close. Kept to the history file's 19 digits.
        #expect(history.days == [day("2026-10-08")])
        #expect(history.rate(Self.btc, at: 0) == (1 / dec("73023.2")).rounded(significantDigits: 19))
        #expect(history.rate(.usd, at: 0) == dec("1.1186"))
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://api.kraken.com/0/public/OHLC?pair=XBTEUR&interval=1440&since=1791331200",
                "https://api.kraken.com/0/public/OHLC?pair=EURUSD&interval=1440&since=1791331200",
            ])
    }

    @Test func aFullPageIsFollowedFromItsLast() async throws {
        // 720 committed days then the open one; the next page, from `last`, repeats the last day (since is inclusive).
        let first = 1_791_417_600 - 720 * 86_400
        let rows = (0...720).map { #"[\#(first + $0 * 86_400),"1","1","1","\#(100 + $0)","1","1",1]"# }.joined(separator: ",")
        let pageOne = #"{"error":[],"result":{"XXBTZEUR":[\#(rows)],"last":\#(first + 719 * 86_400)}}"#
        let pageTwo =
            #"{"error":[],"result":{"XXBTZEUR":[[\#(first + 719 * 86_400),"1","1","1","819","1","1",1],[\#(first + 720 * 86_400),"1","1","1","900","1","1",1],[\#(first + 721 * 86_400),"1","1","1","901","1","1",1]],"last":\#(first + 720 * 86_400)}}"#
        let (source, transport) = Self.source { url in
            if url.absoluteString.contains("EURUSD") { return RouteTransport.json(#"{"error":[],"result":{"ZEURZUSD":[],"last":1}}"#) }
            return RouteTransport.json(url.absoluteString.hasSuffix("since=\(first + 719 * 86_400)") ? pageTwo : pageOne)
        }
        let history = try await source.fetchHistory(since: nil, today: day("2026-10-09"))
        #expect(history.days.count == 721)
        #expect(history.rate(Self.btc, at: 719) == (1 / dec("819")).rounded(significantDigits: 19))
        #expect(history.rate(Self.btc, at: 720) == (1 / dec("900")).rounded(significantDigits: 19))
        #expect(transport.requests.count == 3)
    }
}
