import FXRates
import FXTestSupport
import Foundation
import Testing

@Suite("Coinbase spot prices over a fake transport")
struct CoinbaseSourceTests {
    static let now = utc("2026-11-25T14:02:31Z").addingTimeInterval(0.75)
    static let btc = code("BTC"), eth = code("ETH")

    static func spot(_ base: String, _ amount: String) -> String {
        #"{"data":{"amount":"\#(amount)","base":"\#(base)","currency":"USD"}}"#
    }

    static func source(assets: [String] = ["BTC", "ETH"], _ route: @escaping @Sendable (URL) -> HTTPResponse) -> (
        CoinbaseSource, RouteTransport
    ) {
        let transport = RouteTransport(route)
        return (CoinbaseSource(setting: ExchangeSetting(assets: assets.map(code)), transport: transport, clock: FixedClock(now)), transport)
    }

    @Test func spotPricesMakeOneUSDTableTakenNow() async throws {
        let (source, transport) = Self.source { url in
            url.path.contains("BTC-USD")
                ? RouteTransport.json(try! Fixture.data("coinbase/spot-btc-usd.2017.json"))
                : RouteTransport.json(try! Fixture.data("coinbase/spot-eth-usd.json"))
        }
        guard case .fetched(let table, _) = try await source.fetchLatest(validators: nil) else { Issue.record("not fetched"); return }
        #expect(table.base == .usd)
        #expect(table.date == day("2026-11-25"))
        // Taken at the whole second the answer came.
        #expect(table.publishedAt == utc("2026-11-25T14:02:31Z"))
        #expect(table.rates[Self.btc] == 1 / dec("17130.91"))
        #expect(table.rates[Self.eth] == 1 / dec("2723.905"))
        #expect(table.coarse.isEmpty)
        let urls = transport.requests.map(\.url.absoluteString).sorted()
        #expect(urls == ["https://api.coinbase.com/v2/prices/BTC-USD/spot", "https://api.coinbase.com/v2/prices/ETH-USD/spot"])
        // Fresh for a minute from the instant taken.
        #expect(source.nextPublication(after: table) == utc("2026-11-25T14:03:31Z"))
        #expect(source.pricesMove)
    }

    @Test func aDaysPriceIsAskedWithDate() async throws {
        let (source, transport) = Self.source(assets: ["BTC"]) { _ in
            RouteTransport.json(try! Fixture.data("coinbase/spot-btc-usd-2026-03-01.constructed.json"))
        }
        let history = try await source.fetchHistory(since: day("2026-03-01"), today: day("2026-11-25"))
        #expect(history.days == [day("2026-03-01")])
        #expect(history.rate(Self.btc, at: 0) == (1 / dec("66971.665")).rounded(significantDigits: 19))
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.coinbase.com/v2/prices/BTC-USD/spot?date=2026-03-01"])
    }

    @Test func errorsAreSaidWithTheirReason() async throws {
        let (unknown, _) = Self.source { _ in
            RouteTransport.json(try! Fixture.data("coinbase/error-404-invalid-currency.json"), status: 404)
        }
        await #expect(throws: FetchFailure.providerError("BTC: Invalid currency (not_found)")) {
            try await unknown.fetchLatest(validators: nil)
        }
        let (limited, _) = Self.source { _ in RouteTransport.json(try! Fixture.data("coinbase/error-429-rate-limit.json"), status: 429) }
        await #expect(throws: FetchFailure.throttled(status: 429, retryAfter: .seconds(60))) {
            try await limited.fetchLatest(validators: nil)
        }
    }

    @Test func anAnswerForAnotherPairOrABadAmountIsRefused() async throws {
        let (other, _) = Self.source(assets: ["BTC"]) { _ in RouteTransport.json(Self.spot("ETH", "2723.905")) }
        await #expect(throws: FetchFailure.malformed("an answer for ETH-USD, not BTC-USD")) { try await other.fetchLatest(validators: nil) }
        for amount in ["0", "-1", "1e5", "abc"] {
            let (bad, _) = Self.source(assets: ["BTC"]) { _ in RouteTransport.json(Self.spot("BTC", amount)) }
            await #expect(throws: FetchFailure.invalidRate(currency: "BTC", value: amount)) { try await bad.fetchLatest(validators: nil) }
        }
        let (html, _) = Self.source { _ in HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>".utf8)) }
        await #expect(throws: FetchFailure.htmlBody) { try await html.fetchLatest(validators: nil) }
    }
}
