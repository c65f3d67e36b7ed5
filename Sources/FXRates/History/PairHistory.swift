/// One day's price of a pair: units of the quote per one unit of the base.
public struct RatePoint: Sendable, Equatable {
    public let day: Day
    public let rate: Decimal

    public init(day: Day, rate: Decimal) {
        self.day = day
        self.rate = rate
    }
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
    public var pivot: CurrencyCode = .eur

    public init(base: CurrencyCode, quote: CurrencyCode, points: [RatePoint], requested: ClosedRange<Day>, provenance: Provenance) {
        self.base = base
        self.quote = quote
        self.points = points
        self.requested = requested
        self.provenance = provenance
    }
}
