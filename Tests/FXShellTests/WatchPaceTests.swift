import FXRates
import FXShell
import Foundation
import FXTestSupport
import Testing

/// How often a board asks: the source's description, `--every`, and a monthly allowance's floor.
@Suite("Watch pace")
struct WatchPaceTests {
    static let moving = SourceDescription(
        id: SourceID("moving"), name: "Moving Prices", quoting: .currency(.eur), defaultURL: URL(string: "http://127.0.0.1:9/")!,
        capabilities: SourceCapabilities(frequency: .continuous, calendar: "every day", precision: .byMagnitude),
        make: { _ in CountingSource(clock: FixedClock(ShellHarness.now)) })

    @Test
    func pricesThatMoveAreAskedEvery10sCurrenciesEvery60s() {
        let pace = WatchPace(registry: SourceRegistry([ECBSource.about, Self.moving]), quotas: [:])
        #expect(pace.interval(for: [.ecb], asked: nil) == 60)
        #expect(pace.interval(for: [SourceID("moving")], asked: nil) == 10)
        #expect(pace.interval(for: [.ecb, SourceID("moving")], asked: nil) == 10)
        #expect(pace.interval(for: [], asked: nil) == 60)
        #expect(pace.interval(for: [SourceID("moving")], asked: 30) == 30)
        #expect(pace.interval(for: [.ecb], asked: 0.2) == 1)
    }

    /// 1,000 requests a month last the month at one every 31 × 86,400 / 1,000 s.
    @Test
    func aMonthlyAllowanceHoldsAFasterIntervalBack() {
        let pace = WatchPace(registry: .standard, quotas: [SourceID("oxr"): 1000])
        #expect(pace.interval(for: [SourceID("oxr")], asked: 5) == 2678.4)
        #expect(pace.interval(for: [.ecb, SourceID("oxr")], asked: nil) == 2678.4)
        #expect(pace.interval(for: [.ecb], asked: 5) == 5)
    }

    @Test
    func theHeadingSaysThePaceInUse() {
        #expect(WatchPace.describe([60, 60]) == "every 1m")
        #expect(WatchPace.describe([10, 60]) == "every 10s to 1m")
    }
}
