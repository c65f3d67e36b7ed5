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
        // Digits least significant first; nearly every value fits 64 bits, where dividing by ten is a multiplication.
        var digitBuffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))  // 40 bytes on the stack
        return withUnsafeMutableBytes(of: &digitBuffer) { reversed in
            var count = 0
            if mantissa != 0 {
                var rest = mantissa
                while rest > UInt128(UInt64.max) {
                    let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
                    reversed[count] = UInt8(remainder) &+ 48
                    rest = quotient
                    count += 1
                }
                var small = UInt64(rest)
                repeat {
                    reversed[count] = UInt8(small % 10) &+ 48
                    small /= 10
                    count += 1
                } while small > 0
            }
            // Zero has no digits of its own, and no zeros before the point (0 × 10^3 is "0").
            let exponent = mantissa == 0 ? min(exponent, 0) : exponent
            let fraction = max(fractionDigits, -exponent)
            let trailing = exponent + fraction  // zeros after the mantissa's digits
            let length = max(count + trailing, fraction + 1)
            let leading = length - count - trailing  // zeros before them
            let integer = length - fraction
            var at = 0
            if negative, mantissa != 0 {
                target[0] = UInt8(ascii: "-")
                at = 1
            }
            @inline(__always) func digit(_ position: Int) -> UInt8 {
                let inMantissa = position - leading
                return inMantissa >= 0 && inMantissa < count ? reversed[count - 1 - inMantissa] : UInt8(ascii: "0")
            }
            let indian = format == .indian
            for position in 0..<integer {
                if grouping, integer > 3, position > 0, groupBreak(before: position, of: integer, indian: indian) {
                    at += writeSeparator(format, to: target + at)
                }
                target[at] = digit(position)
                at += 1
            }
            if fraction > 0 {
                target[at] = format.decimalMarkByte
                at += 1
                for position in integer..<length {
                    target[at] = digit(position)
                    at += 1
                }
            }
            return at
        }
    }

    /// Whether a group separator stands before the digit at `position` of an integer part of
    /// `count` digits: every three from the right, or (Indian) three and then every two: 1,00,000.
    @inlinable
    public static func groupBreak(before position: Int, of count: Int, indian: Bool) -> Bool {
        let remaining = count - position
        guard indian, remaining > 3 else { return remaining % 3 == 0 }
        return (remaining - 3) % 2 == 0
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
