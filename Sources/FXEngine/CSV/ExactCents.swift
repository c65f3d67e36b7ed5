import FXRates

/// A conversion's rounded result in integers: amount × to ÷ from at `digits` places, half away
/// from zero, exactly. The same rounded value as the `Decimal` path (which divides once, to 38
/// digits, then rounds), without its allocations: a million rows spend their time here.
/// Nil where 128 bits do not hold the work; the caller then takes the `Decimal` path.
enum ExactCents {
    /// A non-negative decimal as mantissa × 10^exponent.
    struct Parts: Equatable {
        var mantissa: UInt128
        var exponent: Int

        init(mantissa: UInt128, exponent: Int) {
            self.mantissa = mantissa
            self.exponent = exponent
        }

        /// nil for a negative or NaN value.
        init?(_ value: Decimal) {
            guard let parts = DecimalParts(value), !parts.negative || parts.mantissa == 0 else { return nil }
            self.init(mantissa: parts.mantissa, exponent: parts.exponent)
        }
    }

    /// |amount| × to ÷ from in units of 10^-digits, rounded half away from zero.
    static func units(_ amount: Parts, times to: Parts, over from: Parts, digits: Int) -> UInt128? {
        let (product, overflow) = amount.mantissa.multipliedReportingOverflow(by: to.mantissa)
        guard !overflow else { return nil }
        return scaledRound(product, exponent: amount.exponent + to.exponent - from.exponent + digits, over: from.mantissa)
    }

    /// round(numerator × 10^exponent ÷ divisor), half away from zero.
    static func scaledRound(_ numerator: UInt128, exponent: Int, over divisor: UInt128) -> UInt128? {
        var numerator = numerator, divisor = divisor
        guard divisor != 0, exponent > -39, exponent < 39 else { return nil }
        if exponent >= 0 {
            let (scaled, overflow) = numerator.multipliedReportingOverflow(by: power(exponent))
            guard !overflow else { return nil }
            numerator = scaled
        } else {
            let (scaled, overflow) = divisor.multipliedReportingOverflow(by: power(-exponent))
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

    /// numerator ÷ denominator rounded half away from zero to `digits` significant digits, exactly.
    static func quotient(_ numerator: Parts, over denominator: Parts, significantDigits digits: Int) -> Decimal? {
        guard numerator.mantissa != 0, denominator.mantissa != 0 else { return nil }
        // Scale so that the quotient has `digits` digits: try the estimate, then one either side.
        var shift = digits + digitCount(denominator.mantissa) - digitCount(numerator.mantissa)
        for _ in 0..<3 {
            guard let units = scaledRound(numerator.mantissa, exponent: shift, over: denominator.mantissa) else { return nil }
            if units >= power(digits) {
                shift -= 1
            } else if units < power(digits - 1) {
                shift += 1
            } else {
                return DecimalParts(negative: false, exponent: numerator.exponent - denominator.exponent - shift, mantissa: units).decimal
            }
        }
        return nil
    }

    private static func digitCount(_ value: UInt128) -> Int {
        var count = 1
        while count < 39, value >= power(count) { count += 1 }
        return count
    }

    private static let powers: [UInt128] = (0..<39).map { (0..<$0).reduce(UInt128(1)) { value, _ in value * 10 } }

    static func power(_ exponent: Int) -> UInt128 { powers[exponent] }

    /// `units` at `digits` places, with `mark` as the decimal mark, appended to `bytes`.
    static func write(_ units: UInt128, negative: Bool, digits: Int, mark: UInt8, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            let count = write(units, negative: negative, digits: digits, mark: mark, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `units` at `digits` places written at `target`, which has room for 81 bytes (a sign and
    /// the 80 of the digit buffer below); the count written.
    static func write(_ units: UInt128, negative: Bool, digits: Int, mark: UInt8, to target: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        if negative, units != 0 {
            target[0] = UInt8(ascii: "-")
            written = 1
        }
        // Digits from the right into a stack buffer: 39 digits, a mark and zeros fit in 80.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 80) { buffer in
            var position = buffer.count
            var count = 0
            // 64-bit digits when they fit: dividing a UInt128 by ten is a routine, not an instruction.
            var small = units <= UInt128(UInt64.max) ? UInt64(units) : 0
            var rest = units <= UInt128(UInt64.max) ? 0 : units
            repeat {
                let digit: UInt8
                if rest != 0 {
                    let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
                    (rest, digit) = (quotient, UInt8(remainder))
                    if rest <= UInt128(UInt64.max) {
                        small = UInt64(rest)
                        rest = 0
                    }
                } else {
                    let (quotient, remainder) = small.quotientAndRemainder(dividingBy: 10)
                    (small, digit) = (quotient, UInt8(remainder))
                }
                position -= 1
                buffer[position] = 48 + digit
                count += 1
                if count == digits {
                    position -= 1
                    buffer[position] = mark
                }
            } while rest != 0 || small != 0 || count <= digits
            // `count <= digits` above pads the fraction with zeros and leaves a 0 before the mark.
            let length = buffer.count - position
            (target + written).update(from: buffer.baseAddress! + position, count: length)
            return written + length
        }
    }
}
