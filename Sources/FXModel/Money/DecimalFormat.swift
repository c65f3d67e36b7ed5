/// Locale-independent text for exact decimals: `.` as the point, optional `,` grouping.
public enum DecimalFormat {
    /// `value` rounded to exactly `fractionDigits` places: 89.5 → "89.50".
    public static func fixed(_ value: Decimal, fractionDigits: Int, grouping: Bool = false) -> String {
        let rounded = value.rounded(scale: fractionDigits)
        var (sign, integer, fraction) = parts(of: rounded)
        if fraction.count < fractionDigits {
            fraction += String(repeating: "0", count: fractionDigits - fraction.count)
        }
        return assemble(sign: sign, integer: integer, fraction: fraction, grouping: grouping)
    }

    /// `value` as it is, with at least `minimumFractionDigits` places and no trailing zeros beyond.
    public static func plain(_ value: Decimal, minimumFractionDigits: Int = 0, grouping: Bool = false) -> String {
        var (sign, integer, fraction) = parts(of: value)
        while fraction.count > minimumFractionDigits, fraction.hasSuffix("0") { fraction.removeLast() }
        if fraction.count < minimumFractionDigits {
            fraction += String(repeating: "0", count: minimumFractionDigits - fraction.count)
        }
        return assemble(sign: sign, integer: integer, fraction: fraction, grouping: grouping)
    }

    /// A rate with significant digits by magnitude: rounded to six significant digits but never
    /// to fewer than two decimals, then trailing zeros dropped (136.00 → "136"). 1491.76 → "1491.76", 0.00741 → "0.00741",
    /// 157.2502685 → "157.25", 20275.17 → "20275.17", 0.000670349 → "0.000670349".
    public static func rate(_ value: Decimal, significantDigits: Int = 6) -> String {
        let scale = max(2, significantDigits - value.integerDigitCount)
        return plain(value.rounded(scale: scale))
    }

    private static func parts(of value: Decimal) -> (sign: String, integer: String, fraction: String) {
        guard let parts = DecimalParts(value) else { return ("", "NaN", "") }
        let digits = DecimalParts.digits(parts.mantissa)
        let sign = parts.negative && parts.mantissa != 0 ? "-" : ""
        if parts.exponent >= 0 {
            return (sign, parts.mantissa == 0 ? "0" : digits + String(repeating: "0", count: parts.exponent), "")
        }
        let point = digits.count + parts.exponent
        if point <= 0 { return (sign, "0", String(repeating: "0", count: -point) + digits) }
        let split = digits.index(digits.startIndex, offsetBy: point)
        return (sign, String(digits[..<split]), String(digits[split...]))
    }

    private static func assemble(sign: String, integer: String, fraction: String, grouping: Bool) -> String {
        var head = integer
        if grouping, integer.count > 3 {
            var grouped = ""
            for (index, digit) in integer.enumerated() {
                if index > 0, (integer.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            head = grouped
        }
        return fraction.isEmpty ? sign + head : sign + head + "." + fraction
    }
}
