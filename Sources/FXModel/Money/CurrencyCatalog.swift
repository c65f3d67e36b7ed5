/// One ISO 4217 currency: its code, English name and minor unit.
public struct Currency: Sendable, Hashable {
    public let code: CurrencyCode
    /// Digits after the decimal point in everyday amounts; nil for funds and metals (XAU, XDR).
    public let minorUnits: Int?
    public let name: String

    public init(code: CurrencyCode, minorUnits: Int?, name: String) {
        self.code = code
        self.minorUnits = minorUnits
        self.name = name
    }
}

/// The ISO 4217 table (List One plus the withdrawn codes the ECB used), looked up by code.
public struct CurrencyCatalog: Sendable {
    /// Every currency, sorted by code, one entry per code; looked up by binary search: hashing
    /// 300 codes into a dictionary at every start costs a one-shot answer more instructions
    /// (measured: Benchmarks/README.md, "What each fast path is worth").
    public let all: [Currency]

    public init(_ currencies: [Currency]) {
        // The generated table is sorted already; checking is cheaper than sorting at every start.
        let inOrder = zip(currencies, currencies.dropFirst()).allSatisfy { $0.code < $1.code }
        let sorted =
            inOrder
            ? currencies : currencies.enumerated().sorted { ($0.element.code, $0.offset) < ($1.element.code, $1.offset) }.map(\.element)
        // The first of a repeated code wins.
        var unique: [Currency] = []
        unique.reserveCapacity(sorted.count)
        for currency in sorted where unique.last?.code != currency.code { unique.append(currency) }
        all = unique
    }

    private func index(of code: CurrencyCode) -> Int? {
        var low = 0, high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].code < code { low = middle + 1 } else { high = middle }
        }
        return low < all.count && all[low].code == code ? low : nil
    }

    /// The generated ISO 4217 table (see Scripts/generate-iso4217.py), which the generator writes
    /// sorted, one row per code: taken as it is (`CurrencyCatalogTests` checks it), as checking
    /// and copying it cost every start about 50,000 instructions (Benchmarks/README.md, "The
    /// instruction budget").
    public static let standard = CurrencyCatalog(
        generated: iso4217.map { Currency(code: CurrencyCode(generated: $0.code), minorUnits: $0.minorUnits, name: $0.name) })

    init(generated currencies: [Currency]) {
        all = currencies
    }

    public subscript(code: CurrencyCode) -> Currency? { index(of: code).map { all[$0] } }

    public func contains(_ code: CurrencyCode) -> Bool { index(of: code) != nil }

    /// XXX ("no currency is involved") and XTS ("for testing"): codes ISO 4217 lists that name no
    /// money, so no one's home currency, nor an institution's.
    public static func namesNoMoney(_ code: CurrencyCode) -> Bool { code.rawValue == "XXX" || code.rawValue == "XTS" }

    /// Places an amount as typed is shown with at least: a currency's minor units ("100" → "100.00
    /// USD"); an asset's amount as typed ("0.5 BTC", not "0.50000000 BTC").
    public func typedDigits(of code: CurrencyCode) -> Int {
        guard self[code] == nil, AssetCatalog.standard.contains(code) else { return minorUnits(of: code) }
        return 0
    }

    /// Minor units used to round a result; funds and metals without one get 4 places, an asset
    /// (BTC) its own places, and any other code unknown to ISO (a source may publish one) 2.
    public func minorUnits(of code: CurrencyCode) -> Int {
        guard let currency = self[code] else { return AssetCatalog.standard[code]?.places ?? 2 }
        return currency.minorUnits ?? 4
    }
}
