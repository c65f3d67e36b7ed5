/// One day's price of a pair: units of the quote per one unit of the base.
///
/// A cross rate is kept as the two published rates it comes from and divided when asked for:
/// `history usd jpy all` shows a chart and statistics of 7,126 days, which need the extremes
/// and the mean, not every quotient, and Decimal's division cost that answer 2.5 ms of its 20
/// (perf, before and after).
public struct RatePoint: Sendable, Equatable {
    public let day: Day
    /// Units of the quote per pivot unit, and of the base (nil when the base is the pivot).
    public let quotePerPivot: Decimal
    public let basePerPivot: Decimal?

    public init(day: Day, rate: Decimal) {
        self.day = day
        quotePerPivot = rate
        basePerPivot = nil
    }

    /// The cross rate `quotePerPivot / basePerPivot` of a day's two published rates.
    public init(day: Day, quotePerPivot: Decimal, basePerPivot: Decimal) {
        self.day = day
        self.quotePerPivot = quotePerPivot
        self.basePerPivot = basePerPivot
    }

    public var rate: Decimal { basePerPivot.map { quotePerPivot / $0 } ?? quotePerPivot }

    /// The rate as a Double, give or take a rounding: to draw and to order, never for money.
    public var approximation: Double {
        basePerPivot.map { quotePerPivot.doubleApproximation / $0.doubleApproximation } ?? quotePerPivot.doubleApproximation
    }

    /// The same day and rate, however it is kept.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.day == rhs.day && lhs.rate == rhs.rate }
}

/// A pair through time, as `history <base> <quote> [range]` shows it.
public struct PairHistory: Sendable, Equatable {
    public let base: CurrencyCode
    public let quote: CurrencyCode
    /// Oldest first: one point per publication on which both currencies had a rate.
    public let points: [RatePoint]
    /// The days asked for; the points may start later and end earlier.
    public let requested: ClosedRange<Day>
    /// Where the data came from and how old it is (its `date` is the last publication held).
    public let provenance: Provenance
    /// The currency the source's rates are against (EUR for the ECB, CAD for the Bank of Canada):
    /// a pair without it is a cross rate, computed day by day.
    public let pivot: CurrencyCode

    public init(
        base: CurrencyCode, quote: CurrencyCode, points: [RatePoint], requested: ClosedRange<Day>, provenance: Provenance,
        pivot: CurrencyCode = .eur
    ) {
        self.pivot = pivot
        self.base = base
        self.quote = quote
        self.points = points
        self.requested = requested
        self.provenance = provenance
    }
}
