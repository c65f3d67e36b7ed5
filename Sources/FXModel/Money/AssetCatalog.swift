/// Something priced beside currencies that ISO 4217 does not list: a crypto asset such as BTC.
public struct Asset: Sendable, Hashable {
    public let code: CurrencyCode
    /// A name for people: "Bitcoin".
    public let name: String
    /// Places an amount of it is rounded to and shown with: a few more than a currency's, few
    /// enough to read (Ether's 18 on-chain decimals would print 0.000000000000000001 ETH), so
    /// that 100 EUR in BTC keeps six significant digits at today's prices.
    public let places: Int

    public init(code: CurrencyCode, name: String, places: Int) {
        (self.code, self.name, self.places) = (code, name, places)
    }
}

/// A unit that is a fixed fraction of an asset: `sats` is 10⁻⁸ BTC.
public struct AssetUnit: Sendable, Hashable {
    /// The word typed after an amount, lower-case.
    public let word: String
    public let asset: CurrencyCode
    /// How many of the unit make one of the asset.
    public let perAsset: Decimal

    public init(word: String, asset: CurrencyCode, perAsset: Decimal) {
        (self.word, self.asset, self.perAsset) = (word, asset, perAsset)
    }
}

/// The assets the exchange sources quote, as a plain list (a merge may extend it, and the name
/// table joins their names). No code here is an ISO 4217 code: a code never means an asset in
/// one place and a currency in another (`AssetCatalogTests` checks it against the ISO table).
public struct AssetCatalog: Sendable {
    public let all: [Asset]
    public let units: [AssetUnit]

    public init(_ assets: [Asset], units: [AssetUnit] = []) {
        (self.all, self.units) = (assets, units)
    }

    /// (code, name, places): the assets both Coinbase and Kraken quote against USD and EUR.
    static let list: [(code: String, name: String, places: Int)] = [
        ("BTC", "Bitcoin", 8),
        ("ETH", "Ether", 8),
        ("SOL", "Solana", 6),
        ("XRP", "XRP", 6),
        ("LTC", "Litecoin", 8),
    ]

    public static let standard = AssetCatalog(
        list.compactMap { row in CurrencyCode(row.code).map { Asset(code: $0, name: row.name, places: row.places) } },
        units: [AssetUnit(word: "sats", asset: CurrencyCode("BTC")!, perAsset: 100_000_000)])

    /// A linear look-up: a handful of entries, asked only for codes ISO does not know.
    public subscript(code: CurrencyCode) -> Asset? { all.first { $0.code == code } }

    public func contains(_ code: CurrencyCode) -> Bool { self[code] != nil }

    public var codes: [CurrencyCode] { all.map(\.code) }
}
