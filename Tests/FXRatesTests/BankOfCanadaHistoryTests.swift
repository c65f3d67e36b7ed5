import Foundation
import FXTestSupport
import Testing
import FXRates

struct BankOfCanadaHistoryTests {
    static let cad = code("CAD")
    static let today = day("2024-03-08")

    static func source(_ body: Data) -> (BankOfCanadaSource, FakeTransport) {
        let transport = FakeTransport(BankOfCanadaSourceTests.json(body))
        return (BankOfCanadaSource(baseURL: URL(string: "https://www.bankofcanada.ca/valet")!, transport: transport), transport)
    }

    static func twoWeeks() throws -> Data { try Fixture.data("boc/fx-rates-daily-2024-02-20.constructed.json") }

    @Test func sinceADayAsksTheGroupFromThatDayToToday() async throws {
        let (source, transport) = Self.source(try Self.twoWeeks())
        _ = try await source.fetchHistory(since: day("2024-02-20"), today: Self.today)
        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString
                == "https://www.bankofcanada.ca/valet/observations/group/FX_RATES_DAILY/json?start_date=2024-02-20&end_date=2024-03-08")
        #expect(request.timeout == 15)
    }

    @Test func olderDaysOnlyAskForThoseDays() async throws {
        let (source, transport) = Self.source(try Self.twoWeeks())
        _ = try await source.fetchHistory(from: day("2024-01-02"), through: day("2024-02-19"), today: Self.today)
        #expect(transport.requests.first?.url.query == "start_date=2024-01-02&end_date=2024-02-19")
    }

    @Test func nothingBefore2017IsAskedFor() async throws {
        let (source, transport) = Self.source(try Self.twoWeeks())
        _ = try await source.fetchHistory(since: nil, today: Self.today)
        _ = try await source.fetchHistory(since: day("2010-05-01"), today: Self.today)
        #expect(transport.requests.map(\.url.query) == Array(repeating: "start_date=2017-01-03&end_date=2024-03-08", count: 2))
        // The whole span since 2017 is several MiB: the limit grows with it.
        #expect(transport.requests[0].maxBytes > 8 << 20)
        #expect(source.firstPublication == day("2017-01-03"))
    }

    @Test func everyObservationBecomesADayPerCAD() async throws {
        let (source, _) = Self.source(try Self.twoWeeks())
        let history = try await source.fetchHistory(since: day("2024-02-20"), today: Self.today)
        #expect(history.base == Self.cad)
        #expect(history.days.count == 14)
        #expect(history.first == day("2024-02-20") && history.last == day("2024-03-08"))
        let march1 = try #require(history.days.firstIndex(of: day("2024-03-01")))
        // FXUSDCAD "1.3699": USD per CAD is its inverse, cut at 19 digits so the history file can hold it.
        let usd = try #require(history.rate(.usd, at: march1))
        #expect(usd == dec("0.7299802905321556317"))
        #expect((1 / usd).rounded(scale: 4) == dec("1.3699"))
        #expect(usd <= 1 / dec("1.3699"))
        // Series without values (MYR, THB, VND) have no column.
        #expect(history.columns[code("VND")] == nil)
        #expect(history.columns.count == 23)
    }

    @Test func theHistoryFileReadsBackWhatWasFetched() async throws {
        let (source, _) = Self.source(try Self.twoWeeks())
        let history = try await source.fetchHistory(since: day("2024-02-20"), today: Self.today)
        let entry = CachedHistory(source: .boc, history: history, complete: false, fetchedAt: utc("2024-03-08T22:00:00Z"))
        #expect(try HistoryFileFormat.decode(HistoryFileFormat.encode(entry), currencies: nil) == entry)
    }

    @Test func anObservationAfterTomorrowIsRefused() async throws {
        let (source, _) = Self.source(try Self.twoWeeks())
        await #expect(throws: FetchFailure.futureDate(day("2024-02-21"))) {
            _ = try await source.fetchHistory(since: day("2024-02-01"), today: day("2024-02-19"))
        }
    }

    @Test func anUnknownSeriesIsTheBanksOwnSentence() async throws {
        let transport = FakeTransport(BankOfCanadaSourceTests.json(try Fixture.data("boc/error-series-not-found.json"), status: 404))
        let source = BankOfCanadaSource(transport: transport)
        await #expect(throws: FetchFailure.self) { _ = try await source.fetchHistory(since: day("2024-02-20"), today: Self.today) }
    }
}
