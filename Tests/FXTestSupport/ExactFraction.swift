/// An unbounded natural number (32-bit limbs, least significant first), enough for an oracle to
/// work with exact fractions without `Decimal`'s 38 digits or fx's own rounding code.
public struct BigNatural: Comparable, Hashable, Sendable, CustomStringConvertible {
    private var limbs: [UInt32]

    public init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    /// Decimal digits alone (`"0012345"`); nil for anything else.
    public init?(digits: some StringProtocol) {
        guard !digits.isEmpty else { return nil }
        var value = BigNatural(0)
        for character in digits {
            guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
            value = value.times(10) + BigNatural(UInt64(digit))
        }
        self = value
    }

    public var isZero: Bool { limbs.isEmpty }

    private mutating func normalize() { while limbs.last == 0 { limbs.removeLast() } }

    public static func + (a: BigNatural, b: BigNatural) -> BigNatural {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for index in 0..<max(a.limbs.count, b.limbs.count) {
            let sum = UInt64(index < a.limbs.count ? a.limbs[index] : 0) + UInt64(index < b.limbs.count ? b.limbs[index] : 0) + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        if carry > 0 { result.append(UInt32(carry)) }
        var value = BigNatural(0)
        value.limbs = result
        value.normalize()
        return value
    }

    /// `a - b`, for `a >= b`.
    public static func - (a: BigNatural, b: BigNatural) -> BigNatural {
        precondition(a >= b, "negative natural")
        var result: [UInt32] = []
        var borrow: Int64 = 0
        for index in 0..<a.limbs.count {
            var difference = Int64(a.limbs[index]) - Int64(index < b.limbs.count ? b.limbs[index] : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 1 << 32 }
            result.append(UInt32(difference))
        }
        var value = BigNatural(0)
        value.limbs = result
        value.normalize()
        return value
    }

    public static func * (a: BigNatural, b: BigNatural) -> BigNatural {
        guard !a.isZero, !b.isZero else { return BigNatural(0) }
        var result = [UInt32](repeating: 0, count: a.limbs.count + b.limbs.count)
        for i in 0..<a.limbs.count {
            var carry: UInt64 = 0
            for j in 0..<b.limbs.count {
                let product = UInt64(a.limbs[i]) * UInt64(b.limbs[j]) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            var k = i + b.limbs.count
            while carry > 0 {
                let sum = UInt64(result[k]) + carry
                result[k] = UInt32(truncatingIfNeeded: sum)
                carry = sum >> 32
                k += 1
            }
        }
        var value = BigNatural(0)
        value.limbs = result
        value.normalize()
        return value
    }

    public func times(_ factor: UInt64) -> BigNatural { self * BigNatural(factor) }

    public static func power10(_ exponent: Int) -> BigNatural {
        (0..<exponent).reduce(BigNatural(1)) { value, _ in value.times(10) }
    }

    public static func < (a: BigNatural, b: BigNatural) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for index in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[index] != b.limbs[index] {
            return a.limbs[index] < b.limbs[index]
        }
        return false
    }

    private var bitWidth: Int { limbs.isEmpty ? 0 : limbs.count * 32 - limbs.last!.leadingZeroBitCount }

    private func bit(_ index: Int) -> Bool { limbs[index / 32] >> (index % 32) & 1 == 1 }

    /// Quotient and remainder, by binary long division.
    public func quotientAndRemainder(dividingBy divisor: BigNatural) -> (quotient: BigNatural, remainder: BigNatural) {
        precondition(!divisor.isZero, "division by zero")
        var quotient = [UInt32](repeating: 0, count: limbs.count)
        var remainder = BigNatural(0)
        for index in stride(from: bitWidth - 1, through: 0, by: -1) {
            remainder = remainder + remainder + BigNatural(bit(index) ? 1 : 0)
            if remainder >= divisor {
                remainder = remainder - divisor
                quotient[index / 32] |= 1 << UInt32(index % 32)
            }
        }
        var value = BigNatural(0)
        value.limbs = quotient
        value.normalize()
        return (value, remainder)
    }

    public var description: String {
        guard !isZero else { return "0" }
        var digits: [Character] = []
        var rest = self
        let ten = BigNatural(10)
        while !rest.isZero {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: ten)
            digits.append(Character(String(remainder.limbs.first ?? 0)))
            rest = quotient
        }
        return String(digits.reversed())
    }
}

/// An exact fraction with a sign: what an oracle computes money with, then rounds once itself.
public struct ExactFraction: Equatable, Sendable, CustomStringConvertible {
    public let negative: Bool
    public let numerator: BigNatural
    public let denominator: BigNatural

    public init(negative: Bool = false, _ numerator: BigNatural, _ denominator: BigNatural = BigNatural(1)) {
        precondition(!denominator.isZero, "zero denominator")
        self.negative = negative && !numerator.isZero
        self.numerator = numerator
        self.denominator = denominator
    }

    /// A plain decimal numeral (`-12.340`, `655.957`, `1e-3` not accepted); nil for anything else.
    public init?(_ text: some StringProtocol) {
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = BigNatural(digits: parts[0] + (parts.count == 2 ? parts[1] : "")) else { return nil }
        if parts.count == 2, parts[1].isEmpty { return nil }
        self.init(negative: negative, whole, BigNatural.power10(parts.count == 2 ? parts[1].count : 0))
    }

    public init(_ value: Int) { self.init(negative: value < 0, BigNatural(UInt64(value.magnitude))) }

    public static func * (a: ExactFraction, b: ExactFraction) -> ExactFraction {
        ExactFraction(negative: a.negative != b.negative, a.numerator * b.numerator, a.denominator * b.denominator)
    }

    public static func / (a: ExactFraction, b: ExactFraction) -> ExactFraction {
        ExactFraction(negative: a.negative != b.negative, a.numerator * b.denominator, a.denominator * b.numerator)
    }

    public static func + (a: ExactFraction, b: ExactFraction) -> ExactFraction {
        let left = a.numerator * b.denominator, right = b.numerator * a.denominator, denominator = a.denominator * b.denominator
        if a.negative == b.negative { return ExactFraction(negative: a.negative, left + right, denominator) }
        return left >= right
            ? ExactFraction(negative: a.negative, left - right, denominator)
            : ExactFraction(negative: b.negative, right - left, denominator)
    }

    public static func == (a: ExactFraction, b: ExactFraction) -> Bool {
        a.negative == b.negative && a.numerator * b.denominator == b.numerator * a.denominator
    }

    /// Rounded to `places` decimals, half away from zero, written with exactly that many.
    public func rounded(places: Int) -> String {
        let (quotient, remainder) = (numerator * BigNatural.power10(places)).quotientAndRemainder(dividingBy: denominator)
        let units = remainder + remainder >= denominator ? quotient + BigNatural(1) : quotient
        var digits = units.description
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (negative && !units.isZero ? "-" : "") + digits
    }

    /// Rounded to `digits` significant digits, half away from zero (positive values), as an exact fraction.
    public func rounded(significantDigits digits: Int) -> ExactFraction {
        precondition(!numerator.isZero && !negative)
        // The scale s with 10^(digits-1) <= value × 10^s < 10^digits.
        var scale = digits - (numerator.description.count - denominator.description.count)
        func scaled(_ s: Int) -> BigNatural {
            s >= 0
                ? (numerator * BigNatural.power10(s)).quotientAndRemainder(dividingBy: denominator).quotient
                : numerator.quotientAndRemainder(dividingBy: denominator * BigNatural.power10(-s)).quotient
        }
        while scaled(scale) >= BigNatural.power10(digits) { scale -= 1 }
        while scaled(scale) < BigNatural.power10(digits - 1) { scale += 1 }
        let exact =
            self * (scale >= 0 ? ExactFraction(BigNatural.power10(scale)) : ExactFraction(BigNatural(1), BigNatural.power10(-scale)))
        let units = ExactFraction(exact.rounded(places: 0))!
        return scale >= 0 ? units / ExactFraction(BigNatural.power10(scale)) : units * ExactFraction(BigNatural.power10(-scale))
    }

    /// The value as a plain numeral when it terminates within `maxPlaces` decimals (trailing zeros dropped).
    public func plain(maxPlaces: Int = 40) -> String? {
        for places in 0...maxPlaces where ExactFraction(rounded(places: places))! == self {
            return rounded(places: places)
        }
        return nil
    }

    public var description: String { plain() ?? "\(negative ? "-" : "")\(numerator)/\(denominator)" }
}
