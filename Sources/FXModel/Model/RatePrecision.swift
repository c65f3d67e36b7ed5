/// How precisely a source published a rate.
///
/// Counted from the published text when a provider parses it, not from the `Decimal`: Decimal
/// drops trailing zeros (136.00 becomes 136, three digits instead of five), and an inverted rate
/// (the Bank of Canada's CAD per unit, stored as units per CAD) holds 38 digits whatever was
/// published. Tables keep only the coarse rates, so the cache stays small and every other
/// rate is known to carry at least `enough` digits.
public enum RatePrecision {
    /// Fewer significant digits than this make a rate coarse. Four digits err by at most half a
    /// unit in 1000, ±0.05%: within a cent up to amounts of about 20 in the target currency's
    /// major unit per 0.01, and in line with what the ECB and the other sources publish (5–6).
    public static let enough = 4

    /// The published digits as an integer, leading zeros dropped and trailing ones kept
    /// (0.000081 → 81, 136.00 → 13600); nil for text that is not `digits[.digits]`.
    public static func significand(of text: some StringProtocol) -> UInt64? {
        var value: UInt64 = 0, digits = 0, sawPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !sawPoint { sawPoint = true; continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            guard value > 0 || byte != UInt8(ascii: "0") else { continue }
            digits += 1
            guard digits <= 19 else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value > 0 ? value : nil
    }

    /// The number of significant digits of a published significand.
    public static func digits(_ significand: Int) -> Int { String(significand).count }
}

/// The coarsest rate a quote rests on, when one has fewer than `RatePrecision.enough` digits.
public struct CoarseRate: Sendable, Equatable {
    public let source: SourceID
    public let sourceName: String
    public let currency: CurrencyCode
    /// The published digits as an integer (0.000081 → 81).
    public let significand: Int

    public init(source: SourceID, sourceName: String, currency: CurrencyCode, significand: Int) {
        self.source = source
        self.sourceName = sourceName
        self.currency = currency
        self.significand = significand
    }

    public var digits: Int { RatePrecision.digits(significand) }

    /// Half a unit in the last published place, in percent of the rate: 50 ÷ 81 ≈ 0.6 for 0.000081.
    public var uncertaintyPercent: Decimal { Decimal(50) / Decimal(significand) }

    /// The coarsest of `codes` in `table` (the one with the fewest digits), by the source of `provenance`.
    package static func coarsest(in table: RateTable, _ codes: [CurrencyCode], provenance: Provenance) -> CoarseRate? {
        let found = codes.compactMap { code in table.coarse[code].map { (code, $0) } }.min { $0.1 < $1.1 }
        return found.map { CoarseRate(source: provenance.source, sourceName: provenance.sourceName, currency: $0.0, significand: $0.1) }
    }
}
