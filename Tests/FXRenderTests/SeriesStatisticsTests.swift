import FXRates
import Foundation
import Testing

@Suite("SeriesStatistics")
struct SeriesStatisticsTests {
    typealias H = HistoryFixtures

    @Test
    func aHandCheckedSeriesChangePercentEarliestOfTiedHighsExactMean() throws {
        let stats = try #require(SeriesStatistics(H.points(H.eight)))
        #expect(stats.first == RatePoint(day: Day(iso: "2026-03-02")!, rate: Decimal(string: "1.085")!))
        #expect(stats.last == RatePoint(day: Day(iso: "2026-03-11")!, rate: Decimal(string: "1.0887")!))
        #expect(stats.change == Decimal(string: "0.0037")!)
        // 0.0037 / 1.085 × 100 = 0.34101382…
        #expect(stats.changePercent.rounded(scale: 8) == Decimal(string: "0.34101382")!)
        #expect(stats.min == RatePoint(day: Day(iso: "2026-03-04")!, rate: Decimal(string: "1.0799")!))
        #expect(stats.max == RatePoint(day: Day(iso: "2026-03-06")!, rate: Decimal(string: "1.095")!))
        #expect(stats.mean == Decimal(string: "1.0884")!)
        #expect(stats.count == 8)
    }

    @Test
    func aFallNegativeChangeAndPercentTheEarliestOfTiedLows() throws {
        let stats = try #require(
            SeriesStatistics(
                H.points([
                    ("2026-01-05", "1.2"), ("2026-01-06", "0.9"), ("2026-01-07", "1.1"), ("2026-01-08", "0.9"), ("2026-01-09", "0.9"),
                ])))
        #expect(stats.change == Decimal(string: "-0.3")!)
        #expect(stats.changePercent == -25)
        #expect(stats.min.day == Day(iso: "2026-01-06")!)
        #expect(stats.max.day == Day(iso: "2026-01-05")!)
        #expect(stats.mean == 1)
        #expect(stats.count == 5)
    }

    @Test
    func onePointIsItsOwnFirstLastMinMaxAndMeanWithNoChange() throws {
        let point = RatePoint(day: Day(iso: "2026-03-02")!, rate: Decimal(string: "157.25")!)
        let stats = try #require(SeriesStatistics([point]))
        #expect([stats.first, stats.last, stats.min, stats.max] == [point, point, point, point])
        #expect(stats.change == 0 && stats.changePercent == 0)
        #expect(stats.mean == point.rate && stats.count == 1)
    }

    @Test
    func decimalArithmetic01And02AverageToExactly015() throws {
        let stats = try #require(SeriesStatistics(H.points([("2026-01-05", "0.1"), ("2026-01-06", "0.2")])))
        #expect(stats.mean == Decimal(string: "0.15")!)
        #expect(stats.change == Decimal(string: "0.1")!)
        #expect(stats.changePercent == 100)
    }

    @Test
    func noPointsNoStatistics() {
        #expect(SeriesStatistics([]) == nil)
    }
}
