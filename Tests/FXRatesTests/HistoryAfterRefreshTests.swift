import FXModel
import FXTestSupport
import Foundation
import Testing

@testable import FXRates

/// Issue 24 §2.3: a refresh that brings a newer publication makes the history answer that day at
/// once, not after the recheck interval (15 minutes) of a history checked before it came.
@Suite("History after a refresh")
struct HistoryAfterRefreshTests {
    @Test func aNewerLatestTableEndsTheHistorysFreshness() async throws {
        let source = ScriptedHistorySource(latest: day("2026-10-29"))
        let latest = MemoryRateStore()
        let clock = FixedClock(frankfurt("2026-10-30", 16, 1))
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: clock,
            newestLatest: { id in latest.load().entries[id].map { ($0.table.date, $0.fetchedAt) } })

        // 16:01, the ECB late: Friday's question gets Thursday's rates, said as another day.
        let early = try await service.quote(from: .usd, to: code("JPY"), on: day("2026-10-30"))
        #expect(early.provenance.date == day("2026-10-29"))
        #expect(early.provenance.requested == day("2026-10-30"))
        #expect(source.calls.count == 1)

        // 16:05 `refresh` brings Friday's table; at 16:06 the history is asked for Friday again.
        source.latest = day("2026-10-30")
        try latest.save(
            CachedRates(
                source: .ecb, table: RateTable(base: .eur, date: day("2026-10-30"), rates: [:]), fetchedAt: frankfurt("2026-10-30", 16, 5)))
        clock.set(frankfurt("2026-10-30", 16, 6))
        let after = try await service.quote(from: .usd, to: code("JPY"), on: day("2026-10-30"))
        // Main answered Thursday's again until 16:16 (the recheck interval after 16:01).
        #expect(after.provenance.date == day("2026-10-30"))
        #expect(after.provenance.requested == nil)
        #expect(source.calls.last == .init(since: day("2026-10-30"), today: day("2026-10-30")))

        // Once the history holds it, the same latest table asks nothing more.
        clock.set(frankfurt("2026-10-30", 16, 7))
        _ = try await service.quote(from: .usd, to: code("JPY"), on: day("2026-10-30"))
        #expect(source.calls.count == 2)
    }

    @Test func aLatestTableNoNewerThanTheHistoryAsksNothing() async throws {
        let source = ScriptedHistorySource(latest: day("2026-10-29"))
        let latest = MemoryRateStore()
        let clock = FixedClock(frankfurt("2026-10-30", 16, 1))
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: clock,
            newestLatest: { id in latest.load().entries[id].map { ($0.table.date, $0.fetchedAt) } })
        _ = try await service.quote(from: .usd, to: code("JPY"), on: day("2026-10-30"))
        try latest.save(
            CachedRates(
                source: .ecb, table: RateTable(base: .eur, date: day("2026-10-29"), rates: [:]), fetchedAt: frankfurt("2026-10-30", 16, 5)))
        clock.set(frankfurt("2026-10-30", 16, 6))
        _ = try await service.quote(from: .usd, to: code("JPY"), on: day("2026-10-30"))
        #expect(source.calls.count == 1)
    }
}
