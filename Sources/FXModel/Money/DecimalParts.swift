/// A finite `Decimal` as sign × mantissa × 10^exponent, the mantissa a 128-bit integer.
///
/// FoundationEssentials, the only Foundation fx links, has no NSDecimalRound or NSDecimalNumber
/// and makes Decimal's fields internal. The 20 bytes of a Decimal hold exactly these parts, and
/// reading them is a hundred times faster than parsing `description`; `layoutHolds` checks the
/// layout on known values once, and where it does not hold the parts come from `description` instead.
public struct DecimalParts: Equatable, Sendable {
    public var negative: Bool
    public var exponent: Int
    public var mantissa: UInt128

    public init(negative: Bool, exponent: Int, mantissa: UInt128) {
        self.negative = negative
        self.exponent = exponent
        self.mantissa = mantissa
    }

    /// nil for NaN.
    public init?(_ value: Decimal) {
        if value.isNaN { return nil }
        self = Self.layoutHolds ? Self.fromStorage(value) : Self.fromText(value)
    }

    /// The value these parts describe.
    public var decimal: Decimal {
        guard mantissa != 0 else { return Decimal.zero }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(exactly: mantissa)!)
    }

    /// The layout as swift-foundation stores it: byte 0 the exponent, byte 1 the length in 16-bit
    /// words (high nibble) and the sign (bit 3), bytes 4–19 the mantissa, least significant word first.
    static func fromStorage(_ value: Decimal) -> DecimalParts {
        var copy = value
        return withUnsafeBytes(of: &copy) { bytes in
            var mantissa: UInt128 = 0
            let length = Int(bytes[1] >> 4)
            for word in (0..<min(length, 8)).reversed() {
                mantissa = mantissa << 16 | UInt128(bytes[4 + 2 * word]) | UInt128(bytes[5 + 2 * word]) << 8
            }
            return DecimalParts(negative: bytes[1] & 0x08 != 0, exponent: Int(Int8(bitPattern: bytes[0])), mantissa: mantissa)
        }
    }

    /// The slow, layout-free way: the digits of `description`.
    static func fromText(_ value: Decimal) -> DecimalParts {
        var text = Substring(value.description)
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        var mantissa: UInt128 = 0
        var exponent = 0
        var afterPoint = false
        var trailingZeros = 0
        for character in text {
            if character == "." { afterPoint = true; continue }
            guard let digit = character.wholeNumberValue else { continue }
            if afterPoint { exponent -= 1 }
            // Zeros that would overflow the mantissa (1e100 prints a hundred of them) go to the exponent.
            if digit == 0, !afterPoint, mantissa > UInt128.max / 100 { trailingZeros += 1; continue }
            mantissa = mantissa * 10 + UInt128(digit)
        }
        return DecimalParts(negative: negative && mantissa != 0, exponent: exponent + trailingZeros, mantissa: mantissa)
    }

    /// Whether `fromStorage` reads this build's Decimal correctly, checked once on values built
    /// from known parts (cheaply: no text is parsed or printed at start-up).
    static let layoutHolds: Bool = {
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        // Sign, exponent, length and a mantissa of four words (the tests check 20,000 more values).
        let probes: [(Decimal, DecimalParts)] = [
            (Decimal(0 as UInt64), DecimalParts(negative: false, exponent: 0, mantissa: 0)),
            (
                Decimal(sign: .minus, exponent: -1, significand: Decimal(15 as UInt64)),
                DecimalParts(negative: true, exponent: -1, mantissa: 15)
            ),
            (
                Decimal(sign: .plus, exponent: 100, significand: Decimal(7 as UInt64)),
                DecimalParts(negative: false, exponent: 100, mantissa: 7)
            ),
            (Decimal(UInt64.max), DecimalParts(negative: false, exponent: 0, mantissa: UInt128(UInt64.max))),
        ]
        return probes.allSatisfy { fromStorage($0.0).normalized == $0.1.normalized }
    }()
}

extension DecimalParts {
    /// The same value with no trailing zeros in the mantissa (0 has exponent 0).
    var normalized: DecimalParts {
        guard mantissa != 0 else { return DecimalParts(negative: false, exponent: 0, mantissa: 0) }
        var copy = self
        while copy.mantissa % 10 == 0 { copy.mantissa /= 10; copy.exponent += 1 }
        return copy
    }
}

extension Decimal {
    /// The nearest Double, give or take a rounding: for drawing, never for money.
    public var doubleApproximation: Double {
        guard let parts = DecimalParts(self) else { return .nan }
        // The halves of the mantissa as Doubles, and one multiplication or division by a power of
        // ten from a table: `Double(UInt128)` and a loop of divisions by 10 took a chart of 7,126
        // points 3 ms, this takes 0.1 ms (perf, before and after).
        let value = Double(UInt64(truncatingIfNeeded: parts.mantissa >> 64)) * 0x1p64 + Double(UInt64(truncatingIfNeeded: parts.mantissa))
        let exponent = parts.exponent
        let scaled =
            exponent >= 0
            ? value * Self.powersOfTen[min(exponent, Self.powersOfTen.count - 1)]
            : value / Self.powersOfTen[min(-exponent, Self.powersOfTen.count - 1)]
        return parts.negative ? -scaled : scaled
    }

    /// 1e0 … 1e255: every exponent a Decimal holds (−128 … 127) and a mantissa's 38 digits more.
    private static let powersOfTen: [Double] = {
        var powers: [Double] = [1]
        for _ in 1..<256 { powers.append(powers.last! * 10) }
        return powers
    }()
}
