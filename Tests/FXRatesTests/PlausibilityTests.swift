import Foundation
import FXTestSupport
import Testing
import FXRates

/// The policy itself (`Plausibility`), on tables alone, then through the rate service, whose one
/// place of acceptance (`RateService.accept`) every source's table goes through.
@Suite struct PlausibilityTests {
    private static let friday = Sample.friday
    private static func monday(usd: String) -> RateTable {
        RateTable(base: .eur, date: day("2026-11-02"), rates: [.usd: dec(usd), code("JPY"): dec("176.02"), code("GBP"): dec("0.8351")])
    }

    @Test(arguments: ["0.0000000001", "100000000000000000000", "0.0000000009", "1000000001"])
    func aRateBeyondTheBoundsIsRefusedWhateverElseSays(usd: String) {
        let doubt = Plausibility.doubt(Self.monday(usd: usd), previous: nil, others: [])
        #expect(doubt == ImplausibleRate(base: .eur, currency: .usd, figure: dec(usd), day: day("2026-11-02")))
        // No other source can make it true.
        let agreeing = RateTable(base: .eur, date: day("2026-11-02"), rates: [.usd: dec(usd)])
        #expect(Plausibility.doubt(Self.monday(usd: usd), previous: nil, others: [(SourceID("other"), agreeing)]) != nil)
    }

    @Test(arguments: ["0.000000001", "1000000000", "1.1201"])
    func theBoundsThemselvesAreTaken(usd: String) {
        #expect(Plausibility.doubt(Self.monday(usd: usd), previous: nil, others: []) == nil)
    }

    @Test func aJumpBeyondTheFactorFromTheSameSourceIsDoubted() {
        // Friday's 1.1172 to 2.5: 2.24 times.
        let doubt = Plausibility.doubt(Self.monday(usd: "2.5"), previous: Self.friday, others: [])
        #expect(
            doubt
                == ImplausibleRate(
                    base: .eur, currency: .usd, figure: dec("2.5"), day: day("2026-11-02"),
                    reference: .init(figure: dec("1.1172"), day: day("2026-10-30"), source: nil)))
        // Down as much: 0.5 is less than half of 1.1172.
        #expect(Plausibility.doubt(Self.monday(usd: "0.55"), previous: Self.friday, others: [])?.currency == .usd)
    }

    @Test(arguments: ["1.6758", "0.7448", "2.2344", "0.5586"])
    func aDevaluationWithinTheFactorIsTakenAsPublished(usd: String) {
        // 1.5×, ÷1.5 (a third lost), and exactly 2× and ÷2 (half lost): real in a day, taken.
        #expect(Plausibility.doubt(Self.monday(usd: usd), previous: Self.friday, others: []) == nil)
    }

    @Test func aJumpAnotherHeldSourceShowsTooIsTaken() {
        // Another source, with USD as its base: 1 USD = 0.41 EUR, so 1 EUR = 2.439 USD, within 10% of 2.5.
        let other = RateTable(base: .usd, date: day("2026-11-02"), rates: [.eur: dec("0.41")])
        #expect(Plausibility.doubt(Self.monday(usd: "2.5"), previous: Self.friday, others: [(SourceID("oxr"), other)]) == nil)
        // One that disagrees confirms nothing.
        let disagreeing = RateTable(base: .usd, date: day("2026-11-02"), rates: [.eur: dec("0.9")])
        #expect(Plausibility.doubt(Self.monday(usd: "2.5"), previous: Self.friday, others: [(SourceID("oxr"), disagreeing)]) != nil)
    }

    @Test func withoutItsOwnPreviousTableAnotherSourceIsTheReference() {
        let other = RateTable(base: .eur, date: day("2026-10-30"), rates: [.usd: dec("1.1172")])
        let doubt = Plausibility.doubt(Self.monday(usd: "3"), previous: nil, others: [(SourceID("frankfurter"), other)])
        #expect(doubt?.reference == .init(figure: dec("1.1172"), day: day("2026-10-30"), source: SourceID("frankfurter")))
    }

    @Test func aReferenceOlderThanTheWindowJudgesNothing() {
        // A jump that persisted past the window is taken: the last good table is more than 4 days older.
        var old = Self.friday
        old = RateTable(base: .eur, date: day("2026-10-28"), rates: old.rates)
        #expect(Plausibility.doubt(Self.monday(usd: "2.5"), previous: old, others: []) == nil)
        let withinWindow = RateTable(base: .eur, date: day("2026-10-29"), rates: Self.friday.rates)
        #expect(Plausibility.doubt(Self.monday(usd: "2.5"), previous: withinWindow, others: []) != nil)
    }

    @Test func aHistoryRowBeyondTheBoundsOrDatedInTheFutureIsRefused() {
        let good = RateHistory(base: .eur, tables: [Self.friday, Self.monday(usd: "1.1201")])
        #expect(Plausibility.refusal(of: good, latestDay: day("2026-11-03")) == nil)
        let tiny = RateHistory(base: .eur, tables: [Self.friday, Self.monday(usd: "0.0000000001")])
        #expect(
            Plausibility.refusal(of: tiny, latestDay: day("2026-11-03"))
                == .implausibleRate(ImplausibleRate(base: .eur, currency: .usd, figure: dec("0.0000000001"), day: day("2026-11-02"))))
        #expect(Plausibility.refusal(of: good, latestDay: day("2026-11-01")) == .futureDate(day("2026-11-02")))
    }

    // MARK: - Through the rate service

    @Test func aTinyRateFromTheECBKeepsTheCachedTableAndSaysSo() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource(answering: Self.monday(usd: "0.0000000001"))
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 30)), usage: MemoryUsageStore())
        let quote = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 1)
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(quote.fromPerBase == dec("1.1172"))
        #expect(store.load().entries[.ecb] == Sample.fridayEntry())
        let diagnostics = await service.takeDiagnostics()
        guard case .fetchFailed(.ecb, _, .implausibleRate(let doubt), .cached)? = diagnostics.first else {
            Issue.record("\(diagnostics)")
            return
        }
        #expect(doubt.currency == .usd && doubt.figure == dec("0.0000000001"))
    }

    @Test func aJumpNoOtherSourceConfirmsIsRefusedByRefreshToo() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource(answering: Self.monday(usd: "2.5"))
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 30)), usage: MemoryUsageStore())
        let reports = try await service.refresh()
        guard case .failed(.implausibleRate(let doubt)) = reports.first?.outcome else {
            Issue.record("\(reports)")
            return
        }
        #expect(doubt.reference?.figure == dec("1.1172"))
        #expect(store.load().entries[.ecb] == Sample.fridayEntry())
    }

    @Test func aJumpASecondHeldSourceShowsIsTaken() async throws {
        // Frankfurter's cached table already shows the euro at 2.45 dollars.
        let blend = CachedRates(
            source: SourceID("frankfurter"),
            table: RateTable(base: .eur, date: day("2026-11-02"), rates: [.usd: dec("2.45")]), fetchedAt: frankfurt("2026-11-02", 16, 10))
        let store = MemoryRateStore([Sample.fridayEntry(), blend])
        let source = FakeRateSource(answering: Self.monday(usd: "2.5"))
        let other = FakeRateSource(id: SourceID("frankfurter"), name: "Frankfurter")
        let service = RateService(
            sources: [source, other], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 30)), usage: MemoryUsageStore())
        let quote = try await service.quote(from: .eur, to: .usd, only: .ecb)
        #expect(quote.toPerBase == dec("2.5"))
        #expect(store.load().entries[.ecb]?.table.date == day("2026-11-02"))
    }
}
