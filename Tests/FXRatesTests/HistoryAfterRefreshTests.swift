import FXModel
import FXTestSupport
import Foundation
import Testing

@testable import FXRates

/// Issue 24 §2.3: a refresh that brings a newer publication makes the history answer that day at
/// once, not after the recheck interval (15 minutes) of a history checked before it came.
@Suite("History after a refresh")
struct HistoryAfterRefreshTests {
    /// A history service whose source has published up to Thursday, asked about Friday at 16:01
    /// (the ECB late), with the latest rates in `latest` as `refresh` leaves them.
    struct Rig {
        let source = ScriptedHistorySource(latest: day("2026-10-29"))
        let latest = MemoryRateStore()
        let clock = FixedClock(frankfurt("2026-10-30", 16, 1))
        let service: HistoryService

        init() {
            let latest = latest
            service = HistoryService(
                sources: [source], store: MemoryHistoryStore(), clock: clock,
                newestLatest: { id in latest.load().entries[id].map { ($0.table.date, $0.fetchedAt) } })
        }

        func friday() async throws -> Quote { try await service.quote(from: .usd, to: code("JPY"), on: day("2026-10-30")) }

        /// `refresh` at 16:05 brought a latest table of `date`.
        func refreshed(to date: String) throws {
            try latest.save(
                CachedRates(
                    source: .ecb, table: RateTable(base: .eur, date: day(date), rates: [:]), fetchedAt: frankfurt("2026-10-30", 16, 5)))
        }
    }

    @Test func aNewerLatestTableEndsTheHistorysFreshness() async throws {
        let rig = Rig()
        // 16:01: Friday's question gets Thursday's rates, said as another day.
        let early = try await rig.friday()
        #expect(early.provenance.date == day("2026-10-29"))
        #expect(early.provenance.requested == day("2026-10-30"))
        #expect(rig.source.calls.count == 1)

        // 16:05 `refresh` brings Friday's table; at 16:06 the history is asked for Friday again.
        rig.source.latest = day("2026-10-30")
        try rig.refreshed(to: "2026-10-30")
        rig.clock.set(frankfurt("2026-10-30", 16, 6))
        let after = try await rig.friday()
        // Main answered Thursday's again until 16:16 (the recheck interval after 16:01).
        #expect(after.provenance.date == day("2026-10-30"))
        #expect(after.provenance.requested == nil)
        #expect(rig.source.calls.last == .init(since: day("2026-10-30"), today: day("2026-10-30")))

        // Once the history holds it, the same latest table asks nothing more.
        rig.clock.set(frankfurt("2026-10-30", 16, 7))
        _ = try await rig.friday()
        #expect(rig.source.calls.count == 2)
    }

    @Test func aLatestTableNoNewerThanTheHistoryAsksNothing() async throws {
        let rig = Rig()
        _ = try await rig.friday()
        try rig.refreshed(to: "2026-10-29")
        rig.clock.set(frankfurt("2026-10-30", 16, 6))
        _ = try await rig.friday()
        #expect(rig.source.calls.count == 1)
    }
}
