/// A rate published as home currency per unit (the Bank of Canada's CAD per USD, NBP's PLN per
/// USD) held as units per home, the way fx's tables and histories hold every rate.
enum PublishedInverse {
    /// 1 ÷ `text`, a published figure given as `digits[.digits]`; nil when it is not one or is zero.
    ///
    /// Why not exact: 1 ÷ 1.3706 has no finite decimal expansion, so no Decimal can hold units per
    /// CAD exactly. The long division here keeps `kept` significant digits, at most 38, all
    /// Decimal's 128-bit significand holds (Foundation's own `/` stops at 33 for 1 ÷ 1.3706), a
    /// relative error below 10⁻³⁷ against an institution's rounding to 4–6 digits (IDR "0.000081"
    /// has two). It truncates, so the inverse is never above the true one: converting back to the
    /// home currency divides by it and lands on or a hair above the exact product, an exact half
    /// cent (25 USD × 1.3706 = 34.265) still rounds away from zero as it should, and the figure
    /// rounded to its published places is the one published.
    static func of(_ text: String, digits kept: Int = 38) -> Decimal? {
        // 18 digits at most, so that remainder × 10 stays within UInt64 (institutions send 4 to 8).
        var significand: UInt64 = 0, scale = 0, digits = 0, afterPoint = false, sawDigit = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !afterPoint, sawDigit { afterPoint = true; continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            sawDigit = true
            if afterPoint { scale += 1 }
            guard significand > 0 || byte != UInt8(ascii: "0") else { continue }
            digits += 1
            guard digits <= 18 else { return nil }
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        guard significand > 0, text.utf8.last != UInt8(ascii: ".") else { return nil }
        // 10^scale ÷ significand = (remainder ÷ significand) × 10^exponent, with the first quotient digit in 1…9.
        var remainder: UInt64 = 1, exponent = scale
        while remainder < significand { remainder *= 10; exponent -= 1 }
        var quotient = Decimal(0), count = 0
        while count < kept, remainder > 0 {
            quotient = quotient * 10 + Decimal(remainder / significand)
            remainder = remainder % significand * 10
            count += 1
        }
        return Decimal(sign: .plus, exponent: exponent - (count - 1), significand: quotient)
    }
}
