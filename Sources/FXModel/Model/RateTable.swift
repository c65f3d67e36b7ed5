/// One publication of a source: on `date`, one unit of `base` buys `rates[code]` units of each currency.
public struct RateTable: Sendable, Equatable {
    public let base: CurrencyCode
    public let date: Day
    public let rates: [CurrencyCode: Decimal]
    /// The instant of publication, for sources that publish more than once a day (Open Exchange
    /// Rates hourly, Dunamu within minutes); nil for daily reference rates.
    public var publishedAt: Date?
    /// The publication before this one, when the source states it (Dunamu's previous close).
    public var previous: PreviousRates?
    /// The rates published with fewer than `RatePrecision.enough` significant digits, as their
    /// published significand (0.000081 → 81); every other rate carries at least that many.
    public var coarse: [CurrencyCode: Int]
    /// Rows dated other than `date` (Frankfurter v2's latest table holds each quote's newest
    /// observation, so one table is not one publication): the day each such rate was observed.
    public var rowDates: [CurrencyCode: Day]
    /// For a blend (Frankfurter v2), the institutions whose rates made each row; an empty list
    /// for a row set by a peg. Absent for sources that publish their own rates.
    public var contributors: [CurrencyCode: [String]]

    public init(
        base: CurrencyCode, date: Day, rates: [CurrencyCode: Decimal], publishedAt: Date? = nil, previous: PreviousRates? = nil,
        coarse: [CurrencyCode: Int] = [:], rowDates: [CurrencyCode: Day] = [:], contributors: [CurrencyCode: [String]] = [:]
    ) {
        self.rowDates = rowDates
        self.contributors = contributors
        self.base = base
        self.date = date
        self.rates = rates
        self.publishedAt = publishedAt
        self.previous = previous
        self.coarse = coarse
    }

    /// Units of `code` per one unit of the base; 1 for the base itself.
    public func unitsPerBase(_ code: CurrencyCode) -> Decimal? {
        code == base ? 1 : rates[code]
    }

    /// Every currency this table can price, the base included, sorted.
    public var currencies: [CurrencyCode] { ([base] + rates.keys).sorted() }

    public func covers(_ code: CurrencyCode) -> Bool { code == base || rates[code] != nil }

    /// The day of the row that prices `code`: its own date when it has one, else the table's.
    public func date(of code: CurrencyCode) -> Day { code == base ? date : rowDates[code] ?? date }
}

/// An earlier publication's rates, against the same base: for change and change %.
public struct PreviousRates: Sendable, Equatable {
    public let date: Day
    public let rates: [CurrencyCode: Decimal]

    public init(date: Day, rates: [CurrencyCode: Decimal]) {
        self.date = date
        self.rates = rates
    }
}

extension PreviousRates {
    /// Units of `to` per `from` in these rates (against `base`), when both are there.
    public static func rate(from: CurrencyCode, to: CurrencyCode, in rates: PreviousRates, base: CurrencyCode) -> Decimal? {
        let fromRate = from == base ? 1 : rates.rates[from], toRate = to == base ? 1 : rates.rates[to]
        guard let fromRate, let toRate else { return nil }
        return toRate / fromRate
    }
}
