import Foundation

/// One publication of a source: on `date`, one unit of `base` buys `rates[code]` units of each currency.
public struct RateTable: Sendable, Equatable {
    public let base: CurrencyCode
    public let date: Day
    public let rates: [CurrencyCode: Decimal]

    public init(base: CurrencyCode, date: Day, rates: [CurrencyCode: Decimal]) {
        self.base = base
        self.date = date
        self.rates = rates
    }

    /// Units of `code` per one unit of the base; 1 for the base itself.
    public func unitsPerBase(_ code: CurrencyCode) -> Decimal? {
        code == base ? 1 : rates[code]
    }

    /// Every currency this table can price, the base included, sorted.
    public var currencies: [CurrencyCode] { ([base] + rates.keys).sorted() }

    public func covers(_ code: CurrencyCode) -> Bool { code == base || rates[code] != nil }
}
