import Foundation
import FXTestSupport
import Testing
import FXRates

/// A source that takes an end date, like the Bank of Canada's Valet: answers from `all` with
/// exactly the days asked, and records each request.
final class RangedHistorySource: HistorySource, @unchecked Sendable {
    enum Call: Equatable {
        case since(Day?)
        case range(Day, Day)
    }

    let id = SourceID.boc
    let name = "Bank of Canada"
    let all: RateHistory
    private let lock = NSLock()
    private var recorded: [Call] = []

    init(_ all: RateHistory) { self.all = all }

    var calls: [Call] { lock.withLock { recorded } }
    var firstPublication: Day { day("2017-01-03") }
    var lookBack: Int { 7 }

    func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        lock.withLock { recorded.append(.since(start)) }
        return all.restricted(to: (start ?? firstPublication)...today)
    }

    func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        lock.withLock { recorded.append(.range(start, end)) }
        return all.restricted(to: start...end)
    }

    func nextPublication(after day: Day) -> Date {
        EasternTime.instant(on: BankOfCanadaCalendar.nextBusinessDay(after: day), hour: 16, minute: 30)
    }
}

struct HistoryRangeTests {
    /// One rate a business day from 2023 to 2024-03-11, 1.35 plus a ten-thousandth per day.
    static let all: RateHistory = {
        var tables: [RateTable] = []
        var day = day("2023-01-03")
        while day <= Day(iso: "2024-03-11")! {
            if BankOfCanadaCalendar.isBusinessDay(day) {
                let cadPerUSD = dec("1.35") + Decimal(tables.count) / 10000
                tables.append(RateTable(base: code("CAD"), date: day, rates: [.usd: (1 / cadPerUSD).rounded(significantDigits: 19)]))
            }
            day = day.adding(days: 1)
        }
        return RateHistory(base: code("CAD"), tables: tables)
    }()

    /// Friday 2024-03-08, after the Bank published at 16:30 Toronto time.
    static let friday = utc("2024-03-08T23:00:00Z")

    static func held(from first: Day, checkedAt: Date) -> CachedHistory {
        CachedHistory(source: .boc, history: all.restricted(to: first...day("2024-03-08")), complete: false, fetchedAt: checkedAt)
    }

    @Test func aCurrentHistoryLackingOlderDaysAsksOnlyForThem() async throws {
        let source = RangedHistorySource(Self.all)
        let store = MemoryHistoryStore([Self.held(from: day("2024-02-20"), checkedAt: Self.friday)])
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(Self.friday + 600))

        let quote = try await service.quote(from: .usd, to: code("CAD"), on: day("2024-01-15"), only: .boc)
        // A week before the day asked, to the day before the first one held.
        #expect(source.calls == [.range(day("2024-01-08"), day("2024-02-19"))])
        #expect(quote.provenance.date == day("2024-01-15"))
        let saved = try #require(store.load(.boc, currencies: nil).0)
        #expect(saved.history == Self.all.restricted(to: day("2024-01-08")...day("2024-03-08")))
        // Only older days came: the schedule's last check stands.
        #expect(saved.checkedAt == Self.friday)

        // Held now: no request for any day since.
        _ = try await service.pair(base: .usd, quote: code("CAD"), range: day("2024-01-10")...day("2024-03-08"), only: .boc)
        #expect(source.calls.count == 1)
    }

    @Test func afterTheNextPublicationOnlyTheNewDaysAreAsked() async throws {
        let source = RangedHistorySource(Self.all)
        let store = MemoryHistoryStore([Self.held(from: day("2024-02-20"), checkedAt: Self.friday)])
        // Monday evening, after Monday's publication.
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(utc("2024-03-11T22:00:00Z")))
        let pair = try await service.pair(base: .usd, quote: code("CAD"), range: day("2024-03-01")...day("2024-03-11"), only: .boc)
        #expect(source.calls == [.since(day("2024-03-09"))])
        #expect(pair.points.last?.day == day("2024-03-11"))
    }

    @Test func aStaleHistoryLackingOlderDaysIsAskedFromThemOnceOnly() async throws {
        let source = RangedHistorySource(Self.all)
        let store = MemoryHistoryStore([Self.held(from: day("2024-02-20"), checkedAt: Self.friday)])
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(utc("2024-03-11T22:00:00Z")))
        // One request reaches both ends.
        _ = try await service.quote(from: .usd, to: code("CAD"), on: day("2024-02-01"), only: .boc)
        #expect(source.calls == [.since(day("2024-01-25"))])
    }

    @Test func aDayOnAWeekendBringsTheFridayBefore() async throws {
        let source = RangedHistorySource(Self.all)
        let service = HistoryService(sources: [source], store: MemoryHistoryStore(), clock: FixedClock(Self.friday))
        let quote = try await service.quote(from: .usd, to: code("CAD"), on: day("2024-03-03"), only: .boc)
        #expect(quote.provenance.date == day("2024-03-01"))
        #expect(quote.provenance.requested == day("2024-03-03"))
    }
}
