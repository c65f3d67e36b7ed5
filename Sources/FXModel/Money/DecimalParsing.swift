extension Decimal {
    /// Parses a plain decimal numeral (`-12.3400`, `136`, `.5`) with `.` as the point,
    /// independent of locale. Rejects exponents, grouping, spaces, NaN and infinities, and
    /// anything with more significant digits than `Decimal` holds exactly (38).
    public init?(exactly text: some StringProtocol) {
        var negative = false
        var sawPoint = false
        var digits = 0
        var scale = 0
        // Significant digits in chunks of up to 19, each exact in a UInt64.
        var value = Decimal()
        var chunk: UInt64 = 0
        var chunkDigits = 0
        var significantCount = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard index == 0 else { return nil }
                negative = byte == UInt8(ascii: "-")
            case UInt8(ascii: "."):
                guard !sawPoint else { return nil }
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if sawPoint { scale += 1 }
                guard significantCount > 0 || byte != UInt8(ascii: "0") else { continue }
                significantCount += 1
                chunk = chunk * 10 + UInt64(byte - UInt8(ascii: "0"))
                chunkDigits += 1
                if chunkDigits == 19 {
                    value = value * Decimal(sign: .plus, exponent: 19, significand: 1) + Decimal(chunk)
                    chunk = 0
                    chunkDigits = 0
                }
            default:
                return nil
            }
        }
        guard digits > 0, significantCount <= 38 else { return nil }
        // Built from integers rather than `Decimal(string:)`, whose locale handling links ICU
        // into fx; the result is the same compact value (checked against it in the tests).
        value = value * Decimal(sign: .plus, exponent: chunkDigits, significand: 1) + Decimal(chunk)
        guard value == 0 || scale <= 127 else { return nil }
        self.init(sign: negative && value != 0 ? .minus : .plus, exponent: value == 0 ? 0 : -scale, significand: value)
    }
}

extension Decimal {
    /// A fast path for the millions of rates in history files: unsigned `digits[.digits]`
    /// with at most 19 significant digits, built from an integer and a power of ten
    /// without going through `Decimal(string:)`. Nil for anything else.
    public init?(rateBytes bytes: UnsafeBufferPointer<UInt8>) {
        var mantissa: UInt64 = 0
        var digits = 0
        var scale: Int?
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard scale == nil else { return nil }
                scale = 0
                continue
            }
            guard byte >= 48, byte <= 57 else { return nil }
            if mantissa == 0, byte == 48 {
                // Leading zeros add no significant digit.
            } else {
                digits += 1
                guard digits <= 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - 48)
            }
            if let current = scale { scale = current + 1 }
        }
        guard bytes.count > (scale == nil ? 0 : 1), bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: ".") else { return nil }
        self.init(sign: .plus, exponent: -(scale ?? 0), significand: Decimal(mantissa))
    }
}
