/// Arithmetic on `Decimal` that never rounds where fx promises exact digits.
///
/// Foundation's `+`, `-` and `*` round a result past 38 significant digits without a word
/// (`12345678901234567890123.45 × 12345678901234567890.123` loses its last 22 digits). The rule
/// fx keeps, and every amount it computes goes through these functions for it:
/// - a sum, difference or product is exact, or it is nil (for the caller's "beyond 38 digits" error);
/// - a quotient is rounded once, to 38 significant digits, as Decimal's `/` does; where it will be
///   shown to a number of places (`exactTo`, the minor unit of an amount), its digits must reach
///   those places unless it is exact, so that no digit shown is a zero fx did not compute; sums
///   and products of such quotients (`sum(_:_:exactTo:)`) keep 38 digits on the same condition;
/// - rounding to a currency's minor unit (`rounded(scale:)`) is the one rounding after that.
/// The exact results are worked out in 256 bits (two 128-bit halves) and kept only when they fit
/// a Decimal's 128-bit mantissa and its exponents (−128 … 127).
extension Decimal {
    /// `a + b` exactly, or nil where the exact sum does not fit a Decimal.
    public static func exactSum(_ a: Decimal, _ b: Decimal) -> Decimal? {
        guard let x = DecimalParts(a)?.normalized, let y = DecimalParts(b)?.normalized else { return nil }
        if x.mantissa == 0 { return b }
        if y.mantissa == 0 { return a }
        let (big, small) = x.exponent >= y.exponent ? (x, y) : (y, x)
        // `small`'s last digit is not zero: a sum that spans more than 39 digits from it is
        // above 10^38 times that digit's place, beyond 128 bits.
        let shift = big.exponent - small.exponent
        guard shift <= 38 else { return nil }
        var wide = Wide(big.mantissa.multipliedFullWidth(by: FixedPoint.power(shift)))
        var negative = big.negative
        if big.negative == small.negative {
            guard wide.add(small.mantissa) else { return nil }
        } else if wide.high != 0 || wide.low >= small.mantissa {
            wide.subtract(small.mantissa)
        } else {
            wide = Wide((0, small.mantissa - wide.low))
            negative = small.negative
        }
        return wide.decimal(negative: negative, exponent: small.exponent)
    }

    /// `a - b` exactly, or nil where the exact difference does not fit a Decimal.
    public static func exactDifference(_ a: Decimal, _ b: Decimal) -> Decimal? {
        exactSum(a, -b)
    }

    /// `a × b` exactly, or nil where the exact product does not fit a Decimal.
    public static func exactProduct(_ a: Decimal, _ b: Decimal) -> Decimal? {
        guard let x = DecimalParts(a), let y = DecimalParts(b) else { return nil }
        if x.mantissa == 0 || y.mantissa == 0 { return Decimal.zero }
        return Wide(x.mantissa.multipliedFullWidth(by: y.mantissa)).decimal(
            negative: x.negative != y.negative, exponent: x.exponent + y.exponent)
    }

    /// `a ÷ b` to 38 significant digits; nil for a zero divisor, for a quotient beyond Decimal's
    /// exponents (a non-zero dividend never gives zero), and, with `places`, for an inexact
    /// quotient whose digits stop before that many places (1234…567 (37 digits) ÷ 3 to cents).
    public static func quotient(_ a: Decimal, _ b: Decimal, exactTo places: Int? = nil) -> Decimal? {
        guard !b.isZero, !a.isNaN, !b.isNaN else { return nil }
        if a.isZero { return Decimal.zero }
        let quotient = a / b
        guard !quotient.isNaN, quotient.isFinite, let parts = DecimalParts(quotient), parts.mantissa != 0 else { return nil }
        if let places, parts.exponent > -places, exactProduct(quotient, b) != a { return nil }
        return quotient
    }
}

extension Decimal {
    /// `a + b` exactly, or else to 38 significant digits where those reach `places` places: a sum
    /// of quotients (a calculator's converted terms), already 38 digits each, shown to `places`.
    public static func sum(_ a: Decimal, _ b: Decimal, exactTo places: Int) -> Decimal? {
        exactSum(a, b) ?? reaching(a + b, places: places)
    }

    /// `a × b` exactly, or else to 38 significant digits where those reach `places` places.
    public static func product(_ a: Decimal, _ b: Decimal, exactTo places: Int) -> Decimal? {
        exactProduct(a, b) ?? reaching(a * b, places: places)
    }

    /// `value` (rounded to 38 digits) when its last digit is at or below 10^-places.
    private static func reaching(_ value: Decimal, places: Int) -> Decimal? {
        guard !value.isNaN, value.isFinite, let parts = DecimalParts(value), parts.mantissa != 0, parts.exponent <= -places else {
            return nil
        }
        return value
    }

    /// `a × b ÷ c` rounded once, half away from zero, to `places` places, from the exact product:
    /// a conversion (amount × to ÷ from) to the target's minor unit. Nil for a zero `c` or where
    /// the rounded result does not fit a Decimal.
    public static func product(_ a: Decimal, times b: Decimal, over c: Decimal, places: Int) -> Decimal? {
        guard let x = DecimalParts(a), let y = DecimalParts(b), let z = DecimalParts(c), z.mantissa != 0 else { return nil }
        if x.mantissa == 0 || y.mantissa == 0 { return Decimal.zero }
        var numerator = Wide(x.mantissa.multipliedFullWidth(by: y.mantissa))
        // round(numerator × 10^shift ÷ z) is the result in units of 10^-places.
        let shift = x.exponent + y.exponent - z.exponent + places
        // With shift < 0, numerator = n × 10^-shift + r: the quotient is floor(n ÷ z), and the
        // digit of r below n's (`dropped`) decides the half that the remainder of n ÷ z leaves open.
        var dropped: UInt128 = 0
        if shift > 0 {
            // Past 256 bits the quotient by a 128-bit divisor is past 128 bits too.
            var left = shift
            while left > 0 {
                guard numerator.multiply(by: FixedPoint.power(min(left, 38))) else { return nil }
                left -= 38
            }
        } else {
            for _ in 0..<(-shift) {
                (numerator, dropped) = numerator.dividedByTen()
            }
        }
        let divisor = z.mantissa
        guard numerator.high < divisor else { return nil }
        var (units, remainder) = divisor.dividingFullWidth((numerator.high, numerator.low))
        let rest = divisor - remainder
        if remainder >= rest || (rest - remainder == 1 && dropped >= 5) {
            guard units < UInt128.max else { return nil }
            units += 1
        }
        guard units != 0 else { return Decimal.zero }
        return DecimalParts(negative: (x.negative != y.negative) != z.negative, exponent: -places, mantissa: units).decimal
    }
}

/// An unsigned 256-bit integer as two 128-bit halves: room for the exact product of two mantissas.
private struct Wide {
    var high: UInt128
    var low: UInt128

    init(_ halves: (high: UInt128, low: UInt128.Magnitude)) {
        high = halves.high
        low = halves.low
    }

    /// Adds `value`; false when the sum passes 256 bits.
    mutating func add(_ value: UInt128) -> Bool {
        let (sum, carry) = low.addingReportingOverflow(value)
        low = sum
        guard carry else { return true }
        let (raised, overflow) = high.addingReportingOverflow(1)
        high = raised
        return !overflow
    }

    /// Multiplies by `factor`; false when the product passes 256 bits.
    mutating func multiply(by factor: UInt128) -> Bool {
        let (carry, low) = self.low.multipliedFullWidth(by: factor)
        let (high, overflow) = self.high.multipliedReportingOverflow(by: factor)
        let (sum, carried) = high.addingReportingOverflow(carry)
        guard !overflow, !carried else { return false }
        (self.high, self.low) = (sum, low)
        return true
    }

    /// Subtracts `value`, which is not above this.
    mutating func subtract(_ value: UInt128) {
        let (difference, borrow) = low.subtractingReportingOverflow(value)
        low = difference
        if borrow { high -= 1 }
    }

    /// This ÷ 10 and the remainder.
    func dividedByTen() -> (Wide, UInt128) {
        let (high, carried) = self.high.quotientAndRemainder(dividingBy: 10)
        let (low, remainder) = (10 as UInt128).dividingFullWidth((carried, self.low))
        return (Wide((high, low)), remainder)
    }

    /// ± this × 10^exponent as a Decimal, trailing zeros dropped where the mantissa or the exponent
    /// needs it; nil where it still does not fit.
    func decimal(negative: Bool, exponent: Int) -> Decimal? {
        if high == 0, low == 0 { return Decimal.zero }
        var value = self, exponent = exponent
        while value.high != 0 || exponent < -128 {
            let (divided, remainder) = value.dividedByTen()
            guard remainder == 0 else { return nil }
            value = divided
            exponent += 1
        }
        var mantissa = value.low
        while exponent > 127 {
            let (scaled, overflow) = mantissa.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            mantissa = scaled
            exponent -= 1
        }
        return DecimalParts(negative: negative, exponent: exponent, mantissa: mantissa).decimal
    }
}
