/// An exchange's price kept as its inverse: a table in EUR holds BTC as 1 ÷ 59870.2 (38 digits,
/// or the history file's 19). Converting BTC through that inverse divides by it, and where the
/// exact answer ends in a half (0.25 × 73023.3 = 18255.825) the inverse's last digit, not the
/// price, would decide the rounding. The published price is recovered from its inverse, so that
/// the conversion multiplies by it: exact, as the price was served.
enum ExchangePrice {
    /// `fromRate` and `toRate` (units per the table's base) as the quote's pair: for an asset
    /// `from` whose rate is the inverse of a price, (1, toRate × price); else as they are.
    static func rates(from: CurrencyCode, fromRate: Decimal, toRate: Decimal) -> (from: Decimal, to: Decimal) {
        guard !CurrencyCatalog.standard.contains(from), AssetCatalog.standard.contains(from), let price = price(inverse: fromRate),
            let to = Decimal.exactProduct(toRate, price)
        else { return (fromRate, toRate) }
        return (1, to)
    }

    /// The price whose inverse `rate` is, when `rate` was made as 1 ÷ price (to 38 digits, or
    /// to the history's 19) from a price of at most 15 significant digits; nil otherwise.
    static func price(inverse rate: Decimal) -> Decimal? {
        guard rate > 0 else { return nil }
        let price = (1 / rate).rounded(significantDigits: 15)
        guard price > 0 else { return nil }
        let inverse = 1 / price
        return inverse == rate || HistoryDigits.storable(inverse) == rate ? price : nil
    }
}
