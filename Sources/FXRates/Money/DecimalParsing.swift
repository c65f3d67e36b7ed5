import Foundation

extension Decimal {
    /// Parses a plain decimal numeral (`-12.3400`, `136`, `.5`) with `.` as the point,
    /// independent of locale. Rejects exponents, grouping, spaces, NaN and infinities, and
    /// anything with more significant digits than `Decimal` holds exactly (38).
    public init?(exactly text: some StringProtocol) {
        var digits = 0
        var sawPoint = false
        var significant = false
        var significantCount = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard index == 0 else { return nil }
            case UInt8(ascii: "."):
                guard !sawPoint else { return nil }
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if byte != UInt8(ascii: "0") { significant = true }
                if significant { significantCount += 1 }
            default:
                return nil
            }
        }
        guard digits > 0, significantCount <= 38 else { return nil }
        guard let value = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self = value
    }
}
