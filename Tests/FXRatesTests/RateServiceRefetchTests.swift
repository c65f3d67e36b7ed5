import Foundation
import FXTestSupport
import Testing
import FXRates
import FXDocuments

/// A clock that moves a little every time it is read, as a real one does during a fetch.
private final class TickingClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    func now() -> Date {
        lock.withLock {
            current += 0.001; return current
        }
    }
    func set(_ date: Date) { lock.withLock { current = date } }
}

@Suite("Rate service: a late or refreshed table is asked for again")
struct RateServiceRefetchTests {
    /// A late ECB (Friday's table still served at Monday 16:01) is asked again after 15 minutes,
    /// even though the fetch itself moved the clock on.
    @Test func lateSourceIsAskedAgainAfterFifteenMinutesWithARealClock() async throws {
        let source = FakeRateSource([.success(.fetched(Sample.friday, Validators())), .success(.fetched(Sample.monday, Validators()))])
        let clock = TickingClock(frankfurt("2026-11-02", 16, 1))
        let service = RateService(
            sources: [source], store: MemoryRateStore([Sample.fridayEntry()]), clock: clock, usage: MemoryUsageStore())

        let late = try await service.quote(from: .usd, to: .eur)
        #expect(late.provenance.date == day("2026-10-30"))
        #expect(source.calls == 1)

        clock.set(frankfurt("2026-11-02", 16, 10))
        _ = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 1)

        clock.set(frankfurt("2026-11-02", 16, 20))
        let published = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 2)
        #expect(published.provenance.date == day("2026-11-02"))
    }

    /// What `refresh` fetched is what the next conversion in the same session uses.
    @Test func refreshReplacesTheAnswerHeldInMemory() async throws {
        let source = FakeRateSource([.failure(.httpStatus(503)), .success(.fetched(Sample.monday, Validators()))])
        let clock = FixedClock(frankfurt("2026-11-02", 17))
        let service = RateService(
            sources: [source], store: MemoryRateStore([Sample.fridayEntry()]), clock: clock, usage: MemoryUsageStore())

        let stale = try await service.quote(from: .usd, to: .eur)
        #expect(stale.provenance.date == day("2026-10-30"))
        let reports = try await service.refresh()
        #expect(reports.count == 1)
        let fresh = try await service.quote(from: .usd, to: .eur)
        #expect(fresh.provenance.date == day("2026-11-02"))
        #expect(source.calls == 2)
    }
}

@Suite("ECB feed: a dated Cube without rates")
struct ECBEmptyDayTests {
    @Test func emptyDayIsRefused() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            <Cube><Cube time="2026-11-02"></Cube></Cube></gesmes:Envelope>
            """
        #expect(throws: FetchFailure.noRates) { try ECBFeedParser.parse(Data(xml.utf8)) }
    }
}
