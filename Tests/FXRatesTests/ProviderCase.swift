import Foundation
import FXDocuments
import FXRates
import FXTestSupport
import Testing

/// One of the six providers as the shared provider suite drives it: how to build it, where its
/// latest rates are asked, and a real answer it reads.
struct ProviderCase: Sendable, CustomTestStringConvertible {
    let id: SourceID
    /// What follows the base URL in its request for the latest rates, query (and key) included.
    let path: String
    /// A recorded answer, read at `now`.
    let fixture: String
    let contentType: String
    let now: Date
    /// Sends validators back as a conditional request (Nasdaq's several requests never do).
    let conditional: Bool
    /// The key it sends in its URLs, and the variable that holds it.
    let key: String?
    let keyVariable: String?
    /// The first date of the recorded answer, refused as in the future by a clock of 2000, or nil
    /// where the source leaves that check to the service (the ECB and Frankfurter's latest).
    let futureDay: Day?
    let make: @Sendable (_ baseURL: URL, _ transport: any HTTPTransport, _ clock: any WallClock, _ key: String?) -> any RateSource

    var testDescription: String { id.rawValue }

    /// The provider over `transport`, at `base`, with its key and its clock at `now` unless told otherwise.
    func source(
        _ transport: any HTTPTransport, base: String = "https://provider.example/api/", now: Date? = nil,
        key: String?? = nil
    ) -> any RateSource {
        make(URL(string: base)!, transport, FixedClock(now ?? self.now), key ?? self.key)
    }

    /// The recorded answer with status 200, its content type, and validators to keep.
    func answer(headers: [String: String] = [:]) throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": contentType].merging(headers) { $1 }, body: try Fixture.data(fixture))
    }

    static let oxrKey = "0123456789abcdef0123456789ABCDEF"
    static let nasdaqKey = "Sekr3tKey-123_abc"

    static let all: [ProviderCase] = [
        ProviderCase(
            id: .ecb, path: "eurofxref-daily.xml", fixture: "eurofxref-daily.xml", contentType: "text/xml",
            now: utc("2023-01-04T12:00:00Z"), conditional: true, key: nil, keyVariable: nil, futureDay: nil
        ) { base, transport, _, _ in
            ECBSource(baseURL: base, files: InProcessECBFetcher(transport: transport))
        },
        ProviderCase(
            id: .frankfurter, path: "latest?base=EUR", fixture: "frankfurter/latest.json", contentType: "application/json",
            now: utc("2025-04-05T12:00:00Z"), conditional: true, key: nil, keyVariable: nil, futureDay: nil
        ) { base, transport, _, _ in
            FrankfurterSource(baseURL: base, transport: transport)
        },
        ProviderCase(
            id: .boc, path: "observations/group/FX_RATES_DAILY/json?recent=2", fixture: "boc/fx-rates-daily-group.json",
            contentType: "application/json; charset=utf-8", now: utc("2026-03-19T01:00:00Z"), conditional: true, key: nil,
            keyVariable: nil, futureDay: day("2026-03-12")
        ) { base, transport, clock, _ in
            BankOfCanadaSource(baseURL: base, transport: transport, clock: clock)
        },
        ProviderCase(
            id: .oxr, path: "latest.json?app_id=\(oxrKey)", fixture: "oxr/latest.json", contentType: "application/json; charset=utf-8",
            now: utc("2018-03-22T18:30:00Z"), conditional: true, key: oxrKey, keyVariable: "FX_OXR_APP_ID",
            futureDay: day("2018-03-22")
        ) { base, transport, clock, key in
            OpenExchangeRatesSource(appID: key, baseURL: base, transport: transport, clock: clock)
        },
        ProviderCase(
            id: .dunamu, path: "forex/recent?codes=FRX.KRWUSD", fixture: "dunamu/recent-krwusd.json",
            contentType: "application/json;charset=UTF-8", now: utc("2024-02-20T07:00:00Z"), conditional: true, key: nil,
            keyVariable: nil, futureDay: day("2024-02-20")
        ) { base, transport, clock, _ in
            DunamuSource(baseURL: base, currencies: [.usd], transport: transport, clock: clock)
        },
        ProviderCase(
            id: .nasdaq, path: "datasets/ECB/EURUSD/data.json?api_key=\(nasdaqKey)&limit=2",
            fixture: "nasdaq/dataset-data-fx.constructed.json", contentType: "application/json; charset=utf-8",
            now: utc("2021-03-31T12:00:00Z"), conditional: false, key: nasdaqKey, keyVariable: "FX_NASDAQ_API_KEY",
            futureDay: day("2021-03-30")
        ) { base, transport, clock, key in
            NasdaqDataLinkSource(
                baseURL: base, apiKey: key, datasets: [NasdaqDataset(database: "ECB", code: "EURUSD", base: .eur, quote: .usd)!],
                transport: transport, clock: clock)
        },
    ]

    static var keyed: [ProviderCase] { all.filter { $0.key != nil } }
}

/// The failure `body` throws, or nil.
func thrownFailure(_ body: () async throws(FetchFailure) -> Void) async -> FetchFailure? {
    do { try await body() } catch { return error }
    return nil
}
