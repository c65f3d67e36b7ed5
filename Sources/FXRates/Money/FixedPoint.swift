/// fx's one exact fixed-point arithmetic: a value is an unsigned 128-bit mantissa with a power of
/// ten (as in `DecimalParts`), 38 significant digits, enough for any ISO 4217 minor unit and for
/// crypto amounts of 18 decimals. Reading (`FixedPoint+Reading`), rounding once to a scale (here),
/// and writing in a `NumberFormat` (`FixedPoint+Writing`) live here and nowhere else; `Decimal`,
/// the quick lane, CSV and series sums call it. Where 128 bits do not hold the work the functions
/// return nil and the caller takes the `Decimal` path, so no result is ever silently rounded.
///
/// Integers rather than `Decimal`: a CSV row converted in `Decimal` allocates and divides to 38
/// digits; here it is a multiplication and one 64-bit division when the numbers fit (they nearly
/// always do). The figures are in Benchmarks/README.md (csv_statement.py, compare.py).
public enum FixedPoint {
    /// 10^0 … 10^38, every power a `UInt128` holds.
    @usableFromInline static let powers: [UInt128] = {
        var powers: [UInt128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// 10^exponent for 0 ≤ exponent ≤ 38.
    @inlinable public static func power(_ exponent: Int) -> UInt128 { powers[exponent] }

    /// round(numerator × 10^exponent ÷ divisor), half away from zero; nil for a zero divisor, an
    /// exponent beyond ±38 or a product past 128 bits.
    @inlinable
    public static func divide(_ numerator: UInt128, timesTenToThe exponent: Int, by divisor: UInt128) -> UInt128? {
        var numerator = numerator, divisor = divisor
        guard divisor != 0, exponent > -39, exponent < 39 else { return nil }
        if exponent >= 0 {
            let (scaled, overflow) = numerator.multipliedReportingOverflow(by: powers[exponent])
            guard !overflow else { return nil }
            numerator = scaled
        } else {
            let (scaled, overflow) = divisor.multipliedReportingOverflow(by: powers[-exponent])
            guard !overflow else { return nil }
            divisor = scaled
        }
        // The usual sizes fit 64 bits, where division is one instruction rather than a routine.
        if numerator <= UInt128(UInt64.max), divisor <= UInt128(UInt64.max) {
            let (n, d) = (UInt64(numerator), UInt64(divisor))
            let (quotient, remainder) = n.quotientAndRemainder(dividingBy: d)
            return UInt128(remainder >= d - remainder ? quotient + 1 : quotient)
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: divisor)
        return remainder >= divisor - remainder ? quotient + 1 : quotient
    }

    /// `mantissa` with its last `digits` digits rounded off, half away from zero: 12345, 2 → 123.
    @inlinable
    public static func round(_ mantissa: UInt128, droppingDigits digits: Int) -> UInt128 {
        // The mantissa is below 10^39: dropping 39 digits or more leaves less than a half.
        digits > 38 ? 0 : divide(mantissa, timesTenToThe: -digits, by: 1)!
    }

    /// amount × to ÷ from (three magnitudes as mantissas and exponents) in units of 10^-scale,
    /// rounded once, half away from zero; nil where 128 bits do not hold the work.
    @inlinable
    public static func product(
        _ amount: UInt128, exponent amountExponent: Int, times to: UInt128, exponent toExponent: Int,
        over from: UInt128, exponent fromExponent: Int, scale: Int
    ) -> UInt128? {
        let (product, overflow) = amount.multipliedReportingOverflow(by: to)
        guard !overflow else { return nil }
        return divide(product, timesTenToThe: amountExponent + toExponent - fromExponent + scale, by: from)
    }

    /// numerator ÷ denominator (non-negative) rounded half away from zero to `digits` significant
    /// digits, exactly; nil for a zero operand or where 128 bits do not hold the work.
    public static func quotient(_ numerator: DecimalParts, over denominator: DecimalParts, significantDigits digits: Int) -> DecimalParts? {
        guard numerator.mantissa != 0, denominator.mantissa != 0, digits > 0, digits < 39 else { return nil }
        // Scale so that the quotient has `digits` digits: try the estimate, then one either side.
        var shift = digits + digitCount(denominator.mantissa) - digitCount(numerator.mantissa)
        for _ in 0..<3 {
            guard let units = divide(numerator.mantissa, timesTenToThe: shift, by: denominator.mantissa) else { return nil }
            if units >= powers[digits] {
                shift -= 1
            } else if units < powers[digits - 1] {
                shift += 1
            } else {
                return DecimalParts(negative: false, exponent: numerator.exponent - denominator.exponent - shift, mantissa: units)
            }
        }
        return nil
    }

    /// The decimal digits of `value`; 1 for zero.
    public static func digitCount(_ value: UInt128) -> Int {
        var count = 1
        while count < 39, value >= powers[count] { count += 1 }
        return count
    }
}
