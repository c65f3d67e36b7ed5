extension FixedPoint {
    /// Σ ± a × b × 10^e ÷ d rounded once to an integer, for sums of conversions whose divisors
    /// differ (`12.50 usd + 7 eur in gbp`), where a common denominator would not fit 128 bits.
    ///
    /// Each term is a whole part and a remainder, the remainders summed as 64-bit binary
    /// fractions. Every fraction is within one unit in 2^64 of the truth, so a sum far from a half
    /// rounds exactly as the exact sum does; one within a few units of a half (a tie, or nearly)
    /// is nil, for the `Decimal` path to decide.
    public struct QuotientSum: Sendable {
        var whole: Int128 = 0
        var fraction: UInt128 = 0  // in units of 2^-64
        var exact = true
        var terms = 0

        public init() {}

        /// Adds ± a × b × 10^exponent ÷ divisor; false when 128 bits do not hold it.
        public mutating func add(_ a: UInt128, times b: UInt128, timesTenToThe exponent: Int, over divisor: UInt128, negative: Bool) -> Bool
        {
            var (numerator, overflow) = a.multipliedReportingOverflow(by: b)
            var denominator = divisor
            guard !overflow, denominator != 0, abs(exponent) <= 38 else { return false }
            if exponent >= 0 {
                (numerator, overflow) = numerator.multipliedReportingOverflow(by: power(exponent))
            } else {
                (denominator, overflow) = denominator.multipliedReportingOverflow(by: power(-exponent))
            }
            guard !overflow else { return false }
            let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
            guard quotient < UInt128(Int128.max) >> 4 else { return false }
            // floor(remainder / denominator × 2^64): the denominator of a published rate nearly always fits 64 bits.
            let part: UInt128 =
                remainder == 0
                ? 0
                : denominator <= UInt128(UInt64.max)
                    ? (remainder << 64) / denominator : denominator.dividingFullWidth((remainder >> 64, remainder << 64)).quotient
            if remainder != 0 { exact = false }
            if !negative {
                whole += Int128(quotient)
                fraction += part
            } else if remainder == 0 {
                whole -= Int128(quotient)
            } else {
                whole -= Int128(quotient) + 1
                fraction += (1 << 64) - part
            }
            terms += 1
            return true
        }

        /// The sum rounded half away from zero; nil when it lies within a few 2^-64 of a half or
        /// of an integer, or is a negative sum that rounds to zero (whose sign the caller decides).
        public var rounded: Int128? {
            let whole = whole + Int128(fraction >> 64)
            let rest = UInt64(truncatingIfNeeded: fraction)
            if exact { return whole }
            // Each part is within 1 of the truth (in 2^-64): decide only far from a half and an integer.
            let band = UInt64(2 * terms), half = UInt64(1) << 63
            guard rest >= band, rest <= UInt64.max - band, (rest > half ? rest - half : half - rest) >= band else { return nil }
            let rounded = whole + (rest > half ? 1 : 0)
            return rounded == 0 && whole < 0 ? nil : rounded
        }
    }
}
