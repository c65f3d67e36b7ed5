/// Text for exact decimals, independent of the locale: `.` as the point and `,` between groups
/// by default, or those of a `NumberFormat`. The digits are `FixedPoint`'s writer's.
public enum DecimalFormat {
    /// `value` rounded to exactly `fractionDigits` places: 89.5 → "89.50".
    public static func fixed(_ value: Decimal, fractionDigits: Int, grouping: Bool = false, format: NumberFormat = .english) -> String {
        guard let parts = DecimalParts(value.rounded(scale: fractionDigits)) else { return "NaN" }
        return FixedPoint.text(
            parts.mantissa, exponent: parts.exponent, negative: parts.negative, fractionDigits: fractionDigits, format: format,
            grouping: grouping)
    }

    /// `value` as it is, with at least `minimumFractionDigits` places and no trailing zeros beyond.
    public static func plain(_ value: Decimal, minimumFractionDigits: Int = 0, grouping: Bool = false, format: NumberFormat = .english)
        -> String
    {
        guard var parts = DecimalParts(value) else { return "NaN" }
        while parts.exponent < -minimumFractionDigits, parts.mantissa != 0, parts.mantissa % 10 == 0 {
            parts.mantissa /= 10
            parts.exponent += 1
        }
        if parts.mantissa == 0 { parts.exponent = max(parts.exponent, -minimumFractionDigits) }
        return FixedPoint.text(
            parts.mantissa, exponent: parts.exponent, negative: parts.negative, fractionDigits: minimumFractionDigits, format: format,
            grouping: grouping)
    }

    /// A rate with significant digits by magnitude: rounded to six significant digits but never
    /// to fewer than two decimals, then trailing zeros dropped (136.00 → "136"). 1491.76 → "1491.76", 0.00741 → "0.00741",
    /// 157.2502685 → "157.25", 20275.17 → "20275.17", 0.000670349 → "0.000670349".
    public static func rate(_ value: Decimal, significantDigits: Int = 6) -> String {
        let scale = max(2, significantDigits - value.integerDigitCount)
        return plain(value.rounded(scale: scale))
    }
}
