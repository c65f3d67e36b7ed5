import Foundation
import Testing
import FXRates
import FXTestSupport

/// History fetches under the same `RequestDiscipline` as the latest rates: a server's wait, the
/// back-off after a failure and the quota hold a source back, every request is recorded in usage,
/// and a timeout stops the other sources from being asked within the same question.
@Suite("History service: the request discipline")
struct HistoryDisciplineTests {
    private static let ecbName = "European Central Bank"
    private static let jpy = code("JPY")

    @Test func aRetryAfterIsRecordedAndHonouredByTheNextRun() async throws {
        let usage = MemoryUsageStore()
        let discipline = RequestDiscipline(usage: usage)
        let source = ScriptedHistorySource(.failure(.throttled(status: 429, retryAfter: .seconds(120))))
        let clock = FixedClock(frankfurt("2026-11-03", 9))
        let first = HistoryService(sources: [source], store: MemoryHistoryStore(), clock: clock, builtIn: .ecb, discipline: discipline)
        let quote = try await first.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(quote.provenance.origin == .builtIn)
        #expect(source.calls.count == 1)
        let record = try #require(usage.load()[.ecb])
        #expect(record.requests == 1)
        #expect(record.retryAfter == clock.now() + 120)

        // The next run, a minute and a half later (the back-off of one failure is over): still not asked.
        clock.advance(by: 90)
        let next = HistoryService(sources: [source], store: MemoryHistoryStore(), clock: clock, builtIn: .ecb, discipline: discipline)
        let again = try await next.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(again.provenance.origin == .builtIn)
        #expect(source.calls.count == 1, "asked during the server's wait")
        let said = await next.takeDiagnostics()
        let waiting = FetchFailure.waitingUntil(clock.now() + 30)
        #expect(
            said == [.fetchFailed(source: .ecb, sourceName: Self.ecbName, failure: waiting, fallback: .builtIn(day("2026-10-30")))],
            "\(said)")
        #expect(usage.load()[.ecb]?.requests == 1)
    }

    @Test func aRefusedSourceWithNothingHeldSaysWhenItMayBeAskedAgain() async throws {
        let usage = MemoryUsageStore()
        let clock = FixedClock(frankfurt("2026-11-03", 9))
        let until = clock.now() + 600
        usage.record(.throttled("busy", until: until), requests: 1, for: .ecb, at: clock.now())
        let source = ScriptedHistorySource(.ecb)
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: clock, discipline: RequestDiscipline(usage: usage))
        await #expect(throws: RateError.unavailable(source: .ecb, sourceName: Self.ecbName, failure: .waitingUntil(until))) {
            try await service.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        }
        #expect(source.calls.isEmpty)
    }

    @Test func successesAndFailuresAreCountedAndAFailureBacksOffTheNextRun() async throws {
        let usage = MemoryUsageStore()
        let discipline = RequestDiscipline(usage: usage)
        let store = MemoryHistoryStore()
        let source = ScriptedHistorySource(latest: day("2026-10-29"))
        let clock = FixedClock(frankfurt("2026-10-29", 17))
        let first = HistoryService(sources: [source], store: store, clock: clock, discipline: discipline)
        _ = try await first.quote(from: .usd, to: Self.jpy, on: day("2026-10-29"))
        #expect(usage.load()[.ecb]?.requests == 1)
        #expect(usage.load()[.ecb]?.wasted == 0)

        // The next day's publication is due; the source fails: counted, and the run after backs off.
        clock.advance(by: 24 * 3600)
        source.answer = .failure(.httpStatus(500))
        let second = HistoryService(sources: [source], store: store, clock: clock, discipline: discipline)
        _ = try await second.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(source.calls.count == 2)
        #expect(usage.load()[.ecb]?.requests == 2)
        #expect(usage.load()[.ecb]?.failures == 1)

        clock.advance(by: 30)
        let third = HistoryService(sources: [source], store: store, clock: clock, discipline: discipline)
        let held = try await third.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(held.provenance.origin == .cache)
        #expect(source.calls.count == 2, "asked during the back-off")
    }

    @Test func aTimeoutLeavesTheOtherSourcesUnaskedThisQuestionAndTheNextRun() async throws {
        let usage = MemoryUsageStore()
        let discipline = RequestDiscipline(usage: usage)
        let timeout = FetchFailure.transport(.timedOut(seconds: 4))
        let ecb = ScriptedHistorySource(.failure(timeout))
        let other = ScriptedHistorySource(id: .frankfurter, name: "Frankfurter", .failure(timeout))
        let clock = FixedClock(frankfurt("2026-11-03", 9))
        let first = HistoryService(
            sources: [ecb, other], store: MemoryHistoryStore(), clock: clock, builtIn: .ecb, discipline: discipline)
        let quote = try await first.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(quote.provenance.origin == .builtIn)
        #expect(ecb.calls.count == 1)
        #expect(other.calls.isEmpty, "a second deadline waited out")
        #expect(usage.load()[.ecb]?.lastErrorSuggestsNoNetwork == true)

        clock.advance(by: 20)
        let next = HistoryService(sources: [ecb, other], store: MemoryHistoryStore(), clock: clock, builtIn: .ecb, discipline: discipline)
        _ = try await next.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(ecb.calls.count == 1 && other.calls.isEmpty, "asked again during the back-off")
    }

    @Test func aFailureOfTheLatestRatesHoldsBackTheHistoryToo() async throws {
        let usage = MemoryUsageStore()
        let clock = FixedClock(frankfurt("2026-11-03", 9))
        let latest = FakeRateSource(failing: .httpStatus(500))
        let rates = RateService(sources: [latest], store: MemoryRateStore(), clock: clock, builtIn: .ecb, usage: usage)
        _ = try await rates.quote(from: .usd, to: .eur)
        let history = ScriptedHistorySource(.ecb)
        let service = HistoryService(
            sources: [history], store: MemoryHistoryStore(), clock: clock, builtIn: .ecb, discipline: rates.discipline)
        let quote = try await service.quote(from: .usd, to: Self.jpy, on: day("2026-10-30"))
        #expect(quote.provenance.origin == .builtIn)
        #expect(history.calls.isEmpty)
    }

    @Test func aQuotaNearlyUsedStopsHistoryFetchesAsItStopsLatestOnes() async throws {
        let clock = FixedClock(frankfurt("2026-11-03", 9))
        let usage = MemoryUsageStore([.ecb: SourceUsage(month: SourceUsage.month(of: clock.now()), requests: 9)])
        let entry = RealECBHistory.entry(checkedAt: frankfurt("2026-10-30", 16, 5))
        let source = ScriptedHistorySource(.ecb)
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore([entry]), clock: clock,
            discipline: RequestDiscipline(usage: usage, quotas: [.ecb: 10]))
        let quote = try await service.quote(from: .usd, to: Self.jpy, on: day("2026-11-02"))
        #expect(quote.provenance.origin == .cache)
        #expect(source.calls.isEmpty)
        #expect(usage.load()[.ecb]?.requests == 9)
    }
}
