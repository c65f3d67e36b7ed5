/// Rounding rule for money: half away from zero ("commercial rounding"), the rule
/// accountants and most price lists use; 0.125 EUR becomes 0.13 and -0.125 becomes -0.13.
extension Decimal {
    /// This value rounded to `scale` digits after the point, half away from zero.
    public func rounded(scale: Int) -> Decimal {
        guard var parts = DecimalParts(self), parts.exponent < -scale else { return self }
        let dropped = -scale - parts.exponent
        // The mantissa is below 10^39: dropping 39 digits or more leaves less than a half.
        guard dropped < 39 else { return Decimal.zero }
        let unit = UInt128.tenToThe(dropped)
        let (quotient, remainder) = parts.mantissa.quotientAndRemainder(dividingBy: unit)
        parts.mantissa = remainder >= unit - remainder ? quotient + 1 : quotient
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
        // mantissa × 10^exponent; count the mantissa's digits.
        var digits = 0
        var rest = parts.mantissa
        while rest > 0 { rest /= 10; digits += 1 }
        return digits + parts.exponent
    }
}
