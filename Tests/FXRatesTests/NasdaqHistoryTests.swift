import Foundation
import FXTestSupport
import Testing
import FXRates

struct NasdaqHistoryTests {
    static let key = "Sekr3tKey-123_abc"
    static let eurusd = NasdaqDataset(database: "ECB", code: "EURUSD", base: .eur, quote: .usd)!
    static let eurjpy = NasdaqDataset(database: "ECB", code: "EURJPY", base: .eur, quote: code("JPY"))!
    static let today = day("2021-03-31")

    static func response(_ name: String) throws -> Result<HTTPResponse, TransportError> {
        .success(
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: try Fixture.data("nasdaq/\(name)")))
    }

    static func source(_ datasets: [NasdaqDataset], answers: [String: Result<HTTPResponse, TransportError>]) -> (
        NasdaqDataLinkSource, PathTransport
    ) {
        let transport = PathTransport(answers)
        return (NasdaqDataLinkSource(apiKey: key, datasets: datasets, transport: transport), transport)
    }

    static func path(_ code: String) -> String { "/api/v3/datasets/ECB/\(code)/data.json" }

    @Test func eachDatasetIsAskedForTheDaysOldestFirst() async throws {
        let (source, transport) = Self.source(
            [Self.eurusd, Self.eurjpy],
            answers: [
                Self.path("EURUSD"): try Self.response("dataset-data-eurusd-2021-03.constructed.json"),
                Self.path("EURJPY"): try Self.response("dataset-data-eurjpy-2021-03.constructed.json"),
            ])
        let history = try await source.fetchHistory(since: day("2021-03-01"), today: Self.today)
        #expect(
            transport.requests.map(\.url.query) == [
                "api_key=Sekr3tKey-123_abc&start_date=2021-03-01&end_date=2021-03-31&order=asc",
                "api_key=Sekr3tKey-123_abc&start_date=2021-03-01&end_date=2021-03-31&order=asc",
            ])
        #expect(history.base == .eur)
        #expect(history.days.count == 23)
        let index = try #require(history.days.firstIndex(of: day("2021-03-30")))
        // The real ECB rates of 2021-03-30, as the datasets publish them: exact.
        #expect(history.rate(.usd, at: index) == dec("1.1741"))
        #expect(history.rate(code("JPY"), at: index) == dec("129.48"))
    }

    @Test func olderDaysOnlyAskForThoseDays() async throws {
        let (source, transport) = Self.source(
            [Self.eurusd], answers: [Self.path("EURUSD"): try Self.response("dataset-data-eurusd-2021-03.constructed.json")])
        _ = try await source.fetchHistory(from: day("2021-02-01"), through: day("2021-02-28"), today: Self.today)
        #expect(transport.requests.first?.url.query == "api_key=Sekr3tKey-123_abc&start_date=2021-02-01&end_date=2021-02-28&order=asc")
    }

    @Test func theWholeDatasetWhenAskedFromTheStart() async throws {
        let (source, transport) = Self.source(
            [Self.eurusd], answers: [Self.path("EURUSD"): try Self.response("dataset-data-eurusd-2021-03.constructed.json")])
        _ = try await source.fetchHistory(since: nil, today: Self.today)
        #expect(transport.requests.first?.url.query == "api_key=Sekr3tKey-123_abc&end_date=2021-03-31&order=asc")
    }

    @Test func anEmptyWindowIsNothingNew() async throws {
        let (source, _) = Self.source(
            [Self.eurusd], answers: [Self.path("EURUSD"): try Self.response("dataset-data-empty.constructed.json")])
        let history = try await source.fetchHistory(since: day("2021-04-01"), today: day("2021-04-01"))
        #expect(history.isEmpty)
    }

    @Test func anInvertedDatasetIsDividedAndKeptTo19Digits() async throws {
        // The same EUR/USD values read as EUR per USD: USD is the base, EUR 1/v per USD.
        let usdeur = NasdaqDataset(database: "ECB", code: "EURUSD", base: .usd, quote: .eur, inverted: true)!
        let (source, _) = Self.source(
            [usdeur], answers: [Self.path("EURUSD"): try Self.response("dataset-data-eurusd-2021-03.constructed.json")])
        let history = try await source.fetchHistory(since: day("2021-03-01"), today: Self.today)
        #expect(history.base == .usd)
        let index = try #require(history.days.firstIndex(of: day("2021-03-30")))
        #expect(history.rate(.eur, at: index) == (1 / dec("1.1741")).rounded(significantDigits: 19))
        let entry = CachedHistory(source: .nasdaq, history: history, complete: false, fetchedAt: utc("2021-03-31T12:00:00Z"))
        #expect(try HistoryFileFormat.decode(HistoryFileFormat.encode(entry), currencies: nil) == entry)
    }

    @Test func theKeyNeverShowsInAFailure() async throws {
        let (source, _) = Self.source([Self.eurusd], answers: [:])
        do {
            _ = try await source.fetchHistory(since: day("2021-03-01"), today: Self.today)
            Issue.record("expected a failure")
        } catch {
            #expect(!"\(error)".contains(Self.key))
        }
    }

    @Test func withoutAKeyNothingIsAsked() async throws {
        let transport = PathTransport([:])
        let source = NasdaqDataLinkSource(apiKey: nil, datasets: [Self.eurusd], transport: transport)
        await #expect(throws: FetchFailure.missingKey(NasdaqDataLinkSource.keyVariable)) {
            _ = try await source.fetchHistory(since: nil, today: Self.today)
        }
        #expect(transport.requests.isEmpty)
    }
}
