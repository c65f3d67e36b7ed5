extension FixedPoint {
    /// Bytes `write` may need for these arguments.
    public static func capacity(exponent: Int, fractionDigits: Int) -> Int {
        let integer = 39 + max(exponent, 0)
        // A sign, the digits, a separator of up to 3 bytes per 2 digits (Indian), a mark, the fraction.
        return 2 + integer + (integer / 2) * 3 + max(fractionDigits, -exponent)
    }

    /// mantissa × 10^exponent with at least `fractionDigits` decimals (exactly that many when the
    /// exponent is not below -fractionDigits), `-` before a negative value other than zero, digits
    /// grouped in `format` when `grouping` (never below 1,000), and `format`'s decimal mark.
    /// Written at `target`, which has room for `capacity(exponent:fractionDigits:)` bytes; the count.
    @inlinable
    public static func write(
        _ mantissa: UInt128, exponent: Int = 0, negative: Bool, fractionDigits: Int, format: NumberFormat = .english,
        grouping: Bool, to target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // The length first, then the digits from the right as division yields them, with no buffer.
        let count = mantissa == 0 ? 0 : digitCount(mantissa)
        // Zero has no digits of its own, and no zeros before the point (0 × 10^3 is "0").
        let exponent = mantissa == 0 ? min(exponent, 0) : exponent
        let fraction = max(fractionDigits, -exponent)
        var zeros = exponent + fraction  // after the mantissa's digits
        let length = max(count + zeros, fraction + 1)
        let integer = length - fraction
        let indian = format == .indian
        let separators = grouping && integer > 3 ? separatorCount(integer, indian: indian) : 0
        let width = format == .french ? 3 : 1
        let sign = negative && mantissa != 0 ? 1 : 0
        let total = sign + length + separators * width + (fraction > 0 ? 1 : 0)
        if sign == 1 { target[0] = UInt8(ascii: "-") }
        // 64-bit digits when they fit: dividing a UInt128 by ten is a routine, not an instruction.
        var small = mantissa <= UInt128(UInt64.max) ? UInt64(mantissa) : 0
        var wide = mantissa <= UInt128(UInt64.max) ? 0 : mantissa
        var remaining = count
        @inline(__always) func next() -> UInt8 {
            if zeros > 0 {
                zeros -= 1
                return UInt8(ascii: "0")
            }
            guard remaining > 0 else { return UInt8(ascii: "0") }
            remaining -= 1
            if wide != 0 {
                let (quotient, digit) = wide.quotientAndRemainder(dividingBy: 10)
                wide = quotient
                if wide <= UInt128(UInt64.max) {
                    small = UInt64(wide)
                    wide = 0
                }
                return UInt8(digit) &+ 48
            }
            let (quotient, digit) = small.quotientAndRemainder(dividingBy: 10)
            small = quotient
            return UInt8(digit) &+ 48
        }
        var at = total
        for _ in 0..<fraction {
            at -= 1
            target[at] = next()
        }
        if fraction > 0 {
            at -= 1
            target[at] = format.decimalMarkByte
        }
        for written in 0..<integer {
            if separators > 0, written > 0, groupBreak(before: integer - written, of: integer, indian: indian) {
                at -= width
                _ = writeSeparator(format, to: target + at)
            }
            at -= 1
            target[at] = next()
        }
        return total
    }

    /// Whether a group separator stands before the digit at `position` of an integer part of
    /// `count` digits: every three from the right, or (Indian) three and then every two: 1,00,000.
    @inlinable
    public static func groupBreak(before position: Int, of count: Int, indian: Bool) -> Bool {
        let remaining = count - position
        guard indian, remaining > 3 else { return remaining % 3 == 0 }
        return (remaining - 3) % 2 == 0
    }

    /// How many times `groupBreak` is true in an integer part of `count` digits (at least 4).
    @inlinable
    static func separatorCount(_ count: Int, indian: Bool) -> Int {
        indian ? 1 + (count - 4) / 2 : (count - 1) / 3
    }

    /// `format`'s group separator at `target`; its length in bytes.
    @inlinable
    static func writeSeparator(_ format: NumberFormat, to target: UnsafeMutablePointer<UInt8>) -> Int {
        switch format {
        case .english, .indian: target[0] = UInt8(ascii: ",")
        case .german: target[0] = UInt8(ascii: ".")
        case .swiss: target[0] = UInt8(ascii: "'")
        case .french:
            // U+202F, a narrow no-break space, in UTF-8.
            (target[0], target[1], target[2]) = (0xE2, 0x80, 0xAF)
            return 3
        }
        return 1
    }

    /// `write`'s bytes as a String.
    public static func text(
        _ mantissa: UInt128, exponent: Int = 0, negative: Bool, fractionDigits: Int, format: NumberFormat = .english, grouping: Bool
    ) -> String {
        String(unsafeUninitializedCapacity: capacity(exponent: exponent, fractionDigits: fractionDigits)) { buffer in
            write(
                mantissa, exponent: exponent, negative: negative, fractionDigits: fractionDigits, format: format, grouping: grouping,
                to: buffer.baseAddress!)
        }
    }
}
