/// Rounding rule for money: half away from zero ("commercial rounding"), the rule
/// accountants and most price lists use; 0.125 EUR becomes 0.13 and -0.125 becomes -0.13.
extension Decimal {
    /// This value rounded to `scale` digits after the point, half away from zero.
    public func rounded(scale: Int) -> Decimal {
        guard var parts = DecimalParts(self), parts.exponent < -scale else { return self }
        parts.mantissa = FixedPoint.round(parts.mantissa, droppingDigits: -scale - parts.exponent)
        parts.exponent = -scale
        return parts.decimal
    }

    /// Rounded to `digits` significant digits, half away from zero.
    public func rounded(significantDigits digits: Int) -> Decimal {
        guard !isZero else { return self }
        return rounded(scale: digits - integerDigitCount)
    }

    /// Position of the leading digit relative to the point: 1491.76 → 4, 0.00741 → -2.
    var integerDigitCount: Int {
        guard let parts = DecimalParts(self), parts.mantissa != 0 else { return 1 }
        return FixedPoint.digitCount(parts.mantissa) + parts.exponent
    }
}
