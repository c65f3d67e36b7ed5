import FXRates
import FXTestSupport
import Foundation
import Testing

private let ecbName = "European Central Bank"

/// What `pair` says of the days it holds against the days asked, and when it refuses.
@Suite("History service: coverage of a period")
struct HistoryCoverageTests {
    static let year = day("2026-01-01")...day("2026-12-31")

    @Test func builtInRatesOfflineAreNotAWholeYear() async throws {
        let service = HistoryService(
            sources: [ScriptedHistorySource()], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-25", 12)),
            builtIn: .ecb, options: .init(offline: true))
        do {
            _ = try await service.pair(base: .usd, quote: .eur, range: Self.year, partial: false)
            Issue.record("expected an error")
        } catch {
            guard case .history(.periodNotHeld(let coverage, nil, true, true, ecbName)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(coverage.days == 65 && coverage.first == day("2026-08-03") && coverage.last == day("2026-10-30"))
            #expect(!coverage.isComplete && coverage.toDate)
        }
        // The error says what is held: no warning repeats it.
        #expect(await service.takeDiagnostics() == [.usingBuiltIn(day("2026-10-30"))])
        let partial = try await service.pair(base: .usd, quote: .eur, range: Self.year, partial: true)
        #expect(partial.points.count == 65)
        #expect(partial.provenance.coverage?.isComplete == false)
        let september = try await service.pair(base: .usd, quote: .eur, range: day("2026-09-01")...day("2026-09-30"), partial: false)
        #expect(september.provenance.coverage?.isComplete == true)
        #expect(september.provenance.coverage?.days == 22)
    }

    @Test func aCompleteCacheCheckedJustNowHoldsTheYearToDate() async throws {
        let entry = RealECBHistory.entry(checkedAt: frankfurt("2026-11-02", 16, 30))
        let service = HistoryService(
            sources: [ScriptedHistorySource()], store: MemoryHistoryStore([entry]), clock: FixedClock(frankfurt("2026-11-02", 16, 35)),
            builtIn: .ecb, options: .init(offline: true))
        // Checked after 2026-11-02's publication was due and still ending 2026-10-30: the source is late, nothing is missing.
        let pair = try await service.pair(base: .usd, quote: .eur, range: Self.year, partial: false)
        #expect(pair.provenance.coverage?.isComplete == true && pair.provenance.coverage?.toDate == true)
    }

    @Test func aCompleteCacheNotCheckedSinceMissesTheLatestDays() async throws {
        let entry = RealECBHistory.entry(checkedAt: frankfurt("2026-10-30", 16, 5))
        let service = HistoryService(
            sources: [ScriptedHistorySource()], store: MemoryHistoryStore([entry]), clock: FixedClock(frankfurt("2026-11-10", 12)),
            builtIn: .ecb, options: .init(offline: true))
        await #expect(throws: RateError.self) {
            try await service.pair(base: .usd, quote: .eur, range: Self.year, partial: false)
        }
        // October, though, is held whole.
        let october = try await service.pair(base: .usd, quote: .eur, range: day("2026-10-01")...day("2026-10-31"), partial: false)
        #expect(october.points.count == 22)
    }
}
