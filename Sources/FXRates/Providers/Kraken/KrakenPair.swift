/// One Kraken market fx asks, by the name Kraken takes (`XBTEUR`) and the names its answers may be
/// keyed by: the canonical one (`XXBTZEUR`, with the X and Z prefixes of its older assets) or
/// the name asked. Everything is priced against EUR; USD comes from Kraken's own EUR/USD market.
struct KrakenPair: Sendable, Equatable {
    /// The code fx knows it by (BTC, not XBT).
    let code: CurrencyCode
    /// The name asked for: `XBTEUR`.
    let name: String
    /// The name Kraken answers with: `XXBTZEUR`.
    let canonical: String
    /// The price is units of `code` per EUR (EUR/USD) rather than EUR per unit (XBT/EUR).
    let perEUR: Bool

    /// Kraken's own names for assets whose code differs: Bitcoin is XBT.
    static let krakenNames: [String: String] = ["BTC": "XBT"]
    /// Assets listed before Kraken dropped the X prefix, keyed as `X…Z…`.
    static let prefixed: Set<String> = ["XBT", "ETH", "LTC", "XRP"]

    static func asset(_ code: CurrencyCode) -> KrakenPair {
        let kraken = krakenNames[code.rawValue] ?? code.rawValue
        let name = kraken + "EUR"
        return KrakenPair(code: code, name: name, canonical: prefixed.contains(kraken) ? "X\(kraken)ZEUR" : name, perEUR: false)
    }

    static let usd = KrakenPair(code: CurrencyCode("USD")!, name: "EURUSD", canonical: "ZEURZUSD", perEUR: true)

    /// The assets' markets, then EUR/USD.
    static func all(_ assets: [CurrencyCode]) -> [KrakenPair] { assets.map(asset) + [usd] }

    func answers(to key: String) -> Bool { key == canonical || key == name }

    /// Units of `code` per EUR, from a price of this market.
    func rate(_ price: Decimal) -> Decimal { perEUR ? price : 1 / price }
}
