import Foundation

/// Rounding rule for money: half away from zero ("commercial rounding"), the rule
/// accountants and most price lists use; 0.125 EUR becomes 0.13 and -0.125 becomes -0.13.
extension Decimal {
    /// This value rounded to `scale` digits after the point, half away from zero.
    public func rounded(scale: Int) -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, scale, .plain)
        return result
    }

    /// Rounded to `digits` significant digits, half away from zero.
    public func rounded(significantDigits digits: Int) -> Decimal {
        guard !isZero else { return self }
        return rounded(scale: digits - integerDigitCount)
    }

    /// Position of the leading digit relative to the point: 1491.76 → 4, 0.00741 → -2.
    var integerDigitCount: Int {
        let magnitude = self < 0 ? -self : self
        // significand × 10^exponent; count digits of the significand.
        let digits = magnitude.significand.description.filter(\.isNumber).count
        return digits + Int(magnitude.exponent)
    }
}
