import Foundation
import FXDocuments
import FXRates
import FXTestSupport
import Testing

/// A source of the registry as the shared provider suite drives it: built by its own
/// description, with where its latest rates are asked and a real answer it reads. Every
/// registered source must have a recording here (`everyRegisteredSourceIsRecorded`).
struct ProviderCase: Sendable, CustomTestStringConvertible {
    /// What the suite knows of a source beyond its description.
    struct Recording: Sendable {
        /// What follows the base URL in its request for the latest rates, query (and key) included.
        let path: String
        /// A recorded answer, read at `now`.
        let fixture: String
        let contentType: String
        let now: Date
        /// Sends validators back as a conditional request (Nasdaq's several requests never do).
        var conditional = true
        /// The key it sends in its URLs.
        var key: String? = nil
        /// Its own config setting, as `SourceOption` reads it.
        var option: (any Sendable)? = nil
        /// The first date of the recorded answer, refused as in the future by a clock of 2000, or nil
        /// where the source leaves that check to the service (the ECB and Frankfurter's latest).
        var futureDay: Day? = nil
        /// Its answers carry no date (the exchanges): a table is dated by the clock.
        var datedByClock = false
        /// The requests a fetch of the latest rates sends after the first, each path with its answer's
        /// body: NBP's figure of each currency of its table, asked in that currency's base.
        var followUps: [(path: String, body: String)] = []
    }

    let about: SourceDescription
    let recording: Recording

    var id: SourceID { about.id }
    var path: String { recording.path }
    var fixture: String { recording.fixture }
    var contentType: String { recording.contentType }
    var now: Date { recording.now }
    var conditional: Bool { recording.conditional }
    var key: String? { recording.key }
    var keyVariable: String? { about.keyVariable }
    var futureDay: Day? { recording.futureDay }

    var testDescription: String { id.rawValue }

    /// The provider as its description builds it over `transport`, at `base`, with its key and its
    /// clock at `now` unless told otherwise.
    func source(
        _ transport: any HTTPTransport, base: String = "https://provider.example/api/", now: Date? = nil,
        key: String?? = nil
    ) -> any RateSource {
        let io = SourceIO(transport: transport, ecbFiles: InProcessECBFetcher(transport: transport), clock: FixedClock(now ?? self.now))
        return about.make(SourceContext(url: URL(string: base)!, key: key ?? self.key, option: recording.option, io: io))
    }

    /// The recorded answer with status 200, its content type, and validators to keep.
    func answer(headers: [String: String] = [:]) throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": contentType].merging(headers) { $1 }, body: try Fixture.data(fixture))
    }

    /// A transport answering the first request with `answer` and the follow-ups with theirs.
    func transport(_ answer: Result<HTTPResponse, TransportError>) -> FakeTransport {
        let followUps = recording.followUps.map {
            ($0.path, HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: Data($0.body.utf8)))
        }
        return FakeTransport(answer, followUps: Dictionary(uniqueKeysWithValues: followUps))
    }

    /// Every path a fetch of the latest rates asks, in order.
    var paths: [String] { [path] + recording.followUps.map(\.path) }

    static let oxrKey = "0123456789abcdef0123456789ABCDEF"
    static let nasdaqKey = "Sekr3tKey-123_abc"

    static let recordings: [SourceID: Recording] = [
        .ecb: Recording(
            path: "eurofxref-daily.xml", fixture: "eurofxref-daily.xml", contentType: "text/xml", now: utc("2023-01-04T12:00:00Z")),
        .frankfurter: Recording(
            path: "rates?base=EUR&expand=providers", fixture: "frankfurter-v2/rates-latest-eur.constructed.json",
            contentType: "application/json", now: utc("2026-10-30T18:00:00Z")),
        SourceID("hmrc"): Recording(
            path: "providers/hmrc/rates?base=GBP", fixture: "frankfurter-v2/provider-hmrc-rates-2026-09-01.constructed.json",
            contentType: "application/json", now: utc("2026-09-11T12:00:00Z")),
        SourceID("ust"): Recording(
            path: "providers/ust/rates?base=USD", fixture: "frankfurter-v2/provider-ust-rates-2026-08-31.constructed.json",
            contentType: "application/json", now: utc("2026-09-10T12:00:00Z")),
        // The table in the złoty's base names the currencies; each figure is then asked in its
        // currency's base, where the server echoes NBP's own digits (constructed: 1 ÷ each rate).
        SourceID("nbp"): Recording(
            path: "providers/nbp/rates?base=PLN", fixture: "frankfurter-v2/provider-nbp-rates.constructed.json",
            contentType: "application/json", now: utc("2026-10-30T18:00:00Z"),
            followUps: [("CHF", "4.7899"), ("EUR", "4.4038"), ("GBP", "5.2816"), ("JPY", "0.025067"), ("USD", "3.9418")].map {
                ("providers/nbp/rates?base=\($0.0)&quotes=PLN", #"[{"date":"2026-10-30","base":"\#($0.0)","quote":"PLN","rate":\#($0.1)}]"#)
            }),
        .boc: Recording(
            path: "observations/group/FX_RATES_DAILY/json?recent=2", fixture: "boc/fx-rates-daily-group.json",
            contentType: "application/json; charset=utf-8", now: utc("2026-03-19T01:00:00Z"), futureDay: day("2026-03-12")),
        .oxr: Recording(
            path: "latest.json?app_id=\(oxrKey)", fixture: "oxr/latest.json", contentType: "application/json; charset=utf-8",
            now: utc("2018-03-22T18:30:00Z"), key: oxrKey, futureDay: day("2018-03-22")),
        // Asked for every currency fx wants from Hana Bank; the recording holds USD alone, which is enough.
        .dunamu: Recording(
            path: "forex/recent?codes=" + DunamuSource.defaultCurrencies.map { "FRX.KRW\($0)" }.joined(separator: ","),
            fixture: "dunamu/recent-krwusd.json", contentType: "application/json;charset=UTF-8", now: utc("2024-02-20T07:00:00Z"),
            futureDay: day("2024-02-20")),
        .nasdaq: Recording(
            path: "datasets/ECB/EURUSD/data.json?api_key=\(nasdaqKey)&limit=2",
            fixture: "nasdaq/dataset-data-fx.constructed.json", contentType: "application/json; charset=utf-8",
            now: utc("2021-03-31T12:00:00Z"), conditional: false, key: nasdaqKey,
            option: [NasdaqDataset(database: "ECB", code: "EURUSD", base: .eur, quote: .usd)!], futureDay: day("2021-03-30")),
        // One asset, so that one request is made (a request per asset; the fake transport answers all alike).
        // Neither exchange dates its answers: the instant is fx's, so no future date can be refused.
        .coinbase: Recording(
            path: "prices/BTC-USD/spot", fixture: "coinbase/spot-btc-usd.2017.json", contentType: "application/json; charset=utf-8",
            now: utc("2017-12-20T12:00:00Z"), conditional: false, option: ExchangeSetting(assets: [code("BTC")]), datedByClock: true),
        .kraken: Recording(
            path: "Ticker?pair=XBTEUR,EURUSD", fixture: "kraken/ticker-xbteur-eurusd.constructed.json",
            contentType: "application/json; charset=utf-8", now: utc("2021-11-20T12:00:00Z"), conditional: false,
            option: ExchangeSetting(assets: [code("BTC")]), datedByClock: true),
    ]

    /// Every registered source that has a recording, in the registry's order.
    static let all: [ProviderCase] = SourceRegistry.standard.descriptions.compactMap { about in
        recordings[about.id].map { ProviderCase(about: about, recording: $0) }
    }

    static var keyed: [ProviderCase] { all.filter { $0.key != nil } }
}

/// The failure `body` throws, or nil.
func thrownFailure(_ body: () async throws(FetchFailure) -> Void) async -> FetchFailure? {
    do { try await body() } catch { return error }
    return nil
}
