extension Decimal {
    /// Parses a plain decimal numeral (`-12.3400`, `136`, `.5`) with `.` as the point,
    /// independent of locale. Rejects exponents, grouping, spaces, NaN and infinities, and
    /// anything with more significant digits than `Decimal` holds exactly (38).
    public init?(exactly text: some StringProtocol) {
        func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (numeral: FixedPoint.Numeral, negative: Bool)? {
            let signed = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+")
            return FixedPoint.read(bytes, from: signed ? 1 : 0, FixedPoint.Syntax(barePoint: true)).map {
                ($0, bytes.first == UInt8(ascii: "-"))
            }
        }
        let read =
            text.utf8.withContiguousStorageIfAvailable(read)
            ?? {
                var copy = String(text)
                return copy.withUTF8(read)
            }()
        // Built from integers rather than `Decimal(string:)`, whose locale handling links ICU
        // into fx; the result is the same compact value (checked against it in the tests).
        guard let (numeral, negative) = read, numeral.mantissa == 0 || numeral.scale <= 127 else { return nil }
        self = numeral.mantissa == 0 ? Decimal.zero : numeral.parts(negative: negative).decimal
    }
}

extension Decimal {
    /// A fast path for the millions of rates in history files: unsigned `digits[.digits]`
    /// with at most 19 significant digits, built from an integer and a power of ten
    /// without going through `Decimal(string:)`. Nil for anything else.
    public init?(rateBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let numeral = FixedPoint.read(bytes, FixedPoint.Syntax(significantDigits: 19)) else { return nil }
        self.init(sign: .plus, exponent: -numeral.scale, significand: Decimal(UInt64(numeral.mantissa)))
    }
}
