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
    private let byCode: [CurrencyCode: Currency]
    /// Every currency, sorted by code.
    public let all: [Currency]

    public init(_ currencies: [Currency]) {
        // The generated table is sorted already; checking is cheaper than sorting at every start.
        let inOrder = zip(currencies, currencies.dropFirst()).allSatisfy { $0.code < $1.code }
        all = inOrder ? currencies : currencies.sorted { $0.code < $1.code }
        byCode = Dictionary(currencies.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The generated ISO 4217 table (see Scripts/generate-iso4217.py).
    public static let standard = CurrencyCatalog(
        iso4217.compactMap { row in CurrencyCode(row.code).map { Currency(code: $0, minorUnits: row.minorUnits, name: row.name) } }
    )

    public subscript(code: CurrencyCode) -> Currency? { byCode[code] }

    public func contains(_ code: CurrencyCode) -> Bool { byCode[code] != nil }

    /// Minor units used to round a result; funds and metals without one get 4 places,
    /// and a code unknown to ISO (a source may publish one) gets 2.
    public func minorUnits(of code: CurrencyCode) -> Int {
        guard let currency = byCode[code] else { return 2 }
        return currency.minorUnits ?? 4
    }
}
