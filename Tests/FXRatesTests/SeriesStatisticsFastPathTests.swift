import FXRates
import FXTestSupport
import Foundation
import Testing

/// `SeriesStatistics` orders points by Double and sums them in fixed point; these hold it to
/// what Decimal, slowly, gives on the real history and on values built to trip it.
@Suite("Series statistics: fast paths")
struct SeriesStatisticsFastPathTests {
    /// Every day's cross rate of `base` in `quote`, as `HistoryService.pair` keeps it.
    static func series(_ base: String, _ quote: String) -> [RatePoint] {
        let history = RealECBHistory.all
        let b = CurrencyCode(base)!, q = CurrencyCode(quote)!
        return history.days.indices.compactMap { index in
            guard let baseRate = history.rate(b, at: index), let quoteRate = history.rate(q, at: index) else { return nil }
            return b == history.base
                ? RatePoint(day: history.days[index], rate: quoteRate)
                : RatePoint(day: history.days[index], quotePerPivot: quoteRate, basePerPivot: baseRate)
        }
    }

    /// The slow way: each quotient in Decimal, summed in Decimal, and the extremes by Decimal comparison.
    static func reference(_ points: [RatePoint]) -> (mean: Decimal, min: RatePoint, max: RatePoint) {
        let rates = points.map(\.rate)
        var low = 0, high = 0
        for index in rates.indices.dropFirst() {
            if rates[index] < rates[low] { low = index } else if rates[index] > rates[high] { high = index }
        }
        return (rates.reduce(0, +) / Decimal(rates.count), points[low], points[high])
    }

    // Large and small crosses (TRL, ROL and IDR run to six digits a euro), and a pivot pair.
    @Test(arguments: [("USD", "JPY"), ("TRL", "ISK"), ("ISK", "TRL"), ("IDR", "CYP"), ("EUR", "USD"), ("ROL", "KRW")])
    func theRealHistoryGivesWhatDecimalGives(base: String, quote: String) throws {
        let points = Self.series(base, quote)
        #expect(points.count > 500)
        let stats = try #require(SeriesStatistics(points))
        let slow = Self.reference(points)
        #expect(stats.min.day == slow.min.day && stats.max.day == slow.max.day)
        #expect(stats.mean.rounded(scale: 10) == slow.mean.rounded(scale: 10))
        // Within the fixed point's 10⁻²⁴ a rate, times the count.
        #expect(abs(stats.mean - slow.mean) < Decimal(sign: .plus, exponent: -20, significand: 1))
    }

    @Test
    func ratesTooCloseForDoublesAreOrderedExactly() throws {
        let day = Day(iso: "2026-01-05")!
        // One part in 10¹⁸ apart: the same Double, different Decimals; the lowest comes last.
        let rates = ["1.000000000000000003", "1.000000000000000002", "1.000000000000000004", "1.000000000000000001"]
        let points = rates.enumerated().map { RatePoint(day: day.adding(days: $0.offset), rate: Decimal(string: $0.element)!) }
        let stats = try #require(SeriesStatistics(points))
        #expect(stats.min == points[3])
        #expect(stats.max == points[2])
        #expect(stats.mean == Decimal(string: "1.0000000000000000025")!)
    }

    @Test
    func aSeriesTheFixedPointCannotHoldIsSummedInDecimal() throws {
        let day = Day(iso: "2026-01-05")!
        // 10²⁰ per unit overflows 24 decimal places in 128 bits; the mean is still exact.
        let points = [RatePoint(day: day, rate: Decimal(string: "100000000000000000000")!), RatePoint(day: day.adding(days: 1), rate: 3)]
        #expect(try #require(SeriesStatistics(points)).mean == Decimal(string: "50000000000000000001.5")!)
    }
}
