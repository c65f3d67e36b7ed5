import FXTestSupport
import Foundation
import Testing

@testable import FXModel

/// `FixedPoint` held to Foundation's `Decimal` (with NSDecimalRound, which fx cannot link) on
/// random values from a seeded generator: reading, multiplying and dividing with one rounding to a
/// scale, and writing in every number format. x-sheep/swift-property-based would bring
/// swift-syntax, swift-gen and swift-macro-toolkit (two of them not in the mirror) for what a
/// loop does here.
@Suite struct FixedPointTests {
    /// Values per property: 620,000 holds the core to Decimal over about two million random values
    /// in all (3.25 per count), some ten seconds in a debug build (Decimal's own arithmetic and the
    /// reference's Strings are most of it); FX_PROPERTY_COUNT sets another count.
    static let count = ProcessInfo.processInfo.environment["FX_PROPERTY_COUNT"].flatMap { Int($0) } ?? 620_000

    /// A random numeral's bytes: 1 to `digits` digits, a point somewhere (or none).
    static func numeral(_ random: inout SplitMix, digits: Int) -> (bytes: [UInt8], scale: Int) {
        let count = 1 + random.next(digits)
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count { bytes[index] = UInt8(48 + random.next(10)) }
        let point = random.next(count + 1)
        guard point > 0, point < count else { return (bytes, 0) }
        bytes.insert(UInt8(ascii: "."), at: point)
        return (bytes, count - point)
    }

    static func read(_ bytes: [UInt8], _ syntax: FixedPoint.Syntax = .init()) -> FixedPoint.Numeral? {
        bytes.withUnsafeBufferPointer { FixedPoint.read($0, syntax) }
    }

    static func read(_ text: String, _ syntax: FixedPoint.Syntax = .init()) -> FixedPoint.Numeral? { read(Array(text.utf8), syntax) }

    /// A random value of up to `digits` digits (19 at most) and up to `digits` decimals.
    static func value(_ random: inout SplitMix, digits: Int) -> (mantissa: UInt128, scale: Int, decimal: Decimal) {
        let mantissa = random.next() % UInt64(FixedPoint.power(1 + random.next(digits)))
        let scale = random.next(digits + 1)
        return (UInt128(mantissa), scale, Decimal(sign: .plus, exponent: -scale, significand: Decimal(mantissa)))
    }

    static func rounded(_ value: Decimal, scale: Int) -> Decimal {
        var source = value, result = Decimal()
        NSDecimalRound(&result, &source, scale, .plain)
        return result
    }

    @Test func readsWhatDecimalReads() throws {
        var random = SplitMix(1)
        for _ in 0..<Self.count {
            let (bytes, scale) = Self.numeral(&random, digits: 38)
            let text = String(decoding: bytes, as: UTF8.self)
            let numeral = try #require(Self.read(bytes), "\(text)")
            #expect(numeral.scale == scale)
            #expect(numeral.parts().decimal == Decimal(string: text)!, "\(text)")
        }
    }

    @Test func readsGroupsOfThreeOnlyWhereAllowed() {
        let grouped = FixedPoint.Syntax(groups: true)
        #expect(Self.read("1,234,567.50", grouped)?.mantissa == 123_456_750)
        #expect(Self.read("12,345", grouped)?.mantissa == 12345)
        for bad in ["1,23", "1234,567", ",123", "1,234,", "1.234,5", "1,2345", "12.", ".5", "", "1.2.3", "1e5", "-1"] {
            #expect(Self.read(bad, grouped) == nil, "\(bad)")
        }
        #expect(Self.read("1,234") == nil)
        #expect(Self.read("1.234", FixedPoint.Syntax(threeDecimals: false)) == nil)
        #expect(Self.read(".5", FixedPoint.Syntax(barePoint: true))?.scale == 1)
        #expect(Self.read("12 usd", FixedPoint.Syntax(stop: 0x20))?.end == 2)
        // 39 significant digits do not fit; leading zeros do not count.
        #expect(Self.read(String(repeating: "9", count: 39)) == nil)
        #expect(Self.read("000" + String(repeating: "9", count: 38))?.mantissa == FixedPoint.power(38) - 1)
    }

    /// amount × to ÷ from rounded once to a scale, as `Decimal` computes and NSDecimalRound rounds.
    @Test func multipliesAndDividesAsDecimalDoes() throws {
        var random = SplitMix(2)
        var checked = 0
        for _ in 0..<Self.count {
            let amount = Self.value(&random, digits: 18), to = Self.value(&random, digits: 19), from = Self.value(&random, digits: 19)
            let scale = random.next(19)
            guard from.mantissa != 0 else { continue }
            let units = FixedPoint.product(
                amount.mantissa, exponent: -amount.scale, times: to.mantissa, exponent: -to.scale, over: from.mantissa,
                exponent: -from.scale, scale: scale)
            let quotient = amount.decimal * to.decimal / from.decimal
            // Decimal divides to 38 significant digits and truncates: it is exact only where those
            // reach a digit past the scale (beyond, the core is the exact one and Decimal is off).
            guard quotient.integerDigitCount + scale < 38 else { continue }
            let exact = Self.rounded(quotient, scale: scale)
            let shown = "\(amount.decimal) × \(to.decimal) ÷ \(from.decimal) at \(scale)"
            // Nil only where 128 bits cannot hold the work, and then the caller's Decimal path answers.
            guard let units else {
                let shift = scale + from.scale - amount.scale - to.scale
                let scaled =
                    shift >= 0
                    ? Decimal(exactly: amount.mantissa * to.mantissa)! * Decimal(sign: .plus, exponent: shift, significand: 1)
                    : Decimal(exactly: from.mantissa)! * Decimal(sign: .plus, exponent: -shift, significand: 1)
                #expect(abs(shift) > 38 || scaled > Decimal(exactly: UInt128.max)!, "\(shown)")
                continue
            }
            #expect(DecimalParts(negative: false, exponent: -scale, mantissa: units).decimal == exact, "\(shown)")
            checked += 1
        }
        #expect(checked > Self.count / 2, "\(checked)")
    }

    @Test func roundsHalfAwayFromZero() {
        #expect(FixedPoint.round(125, droppingDigits: 1) == 13)
        #expect(FixedPoint.round(124, droppingDigits: 1) == 12)
        #expect(FixedPoint.round(5, droppingDigits: 1) == 1)
        #expect(FixedPoint.round(FixedPoint.power(38), droppingDigits: 39) == 0)
        #expect(FixedPoint.divide(1, timesTenToThe: 0, by: 0) == nil)
        // 12.5 × 1.1172 = 13.965: half a cent, up; 0.015 × 3 = 0.045, up.
        #expect(FixedPoint.product(125, exponent: -1, times: 11172, exponent: -4, over: 1, exponent: 0, scale: 2) == 1397)
        #expect(FixedPoint.product(15, exponent: -3, times: 3, exponent: 0, over: 1, exponent: 0, scale: 2) == 5)
    }

    @Test func quotientsToSignificantDigitsAsDecimalRounds() throws {
        var random = SplitMix(3)
        for _ in 0..<Self.count / 4 {
            let n = Self.value(&random, digits: 19), d = Self.value(&random, digits: 19)
            guard n.mantissa != 0, d.mantissa != 0 else { continue }
            let numerator = DecimalParts(negative: false, exponent: -n.scale, mantissa: n.mantissa)
            let denominator = DecimalParts(negative: false, exponent: -d.scale, mantissa: d.mantissa)
            let quotient = try #require(FixedPoint.quotient(numerator, over: denominator, significantDigits: 10))
            #expect(quotient.decimal == (n.decimal / d.decimal).rounded(significantDigits: 10), "\(n.decimal) ÷ \(d.decimal)")
        }
    }

    /// The reference: Decimal's own digits, then groups and a mark put in the plainest way.
    static func reference(_ value: Decimal, fractionDigits: Int, format: NumberFormat, grouping: Bool) -> String {
        var text = rounded(value, scale: fractionDigits).description
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 { parts.append("") }
        parts[1] += String(repeating: "0", count: max(0, fractionDigits - parts[1].count))
        var integer = parts[0]
        if grouping, integer.count > 3 {
            var groups = [String(integer.suffix(3))]
            var rest = integer.dropLast(3)
            let size = format == .indian ? 2 : 3
            while !rest.isEmpty {
                groups.insert(String(rest.suffix(size)), at: 0)
                rest = rest.dropLast(size)
            }
            integer = groups.joined(separator: format.groupSeparator)
        }
        let sign = negative ? "-" : ""
        return parts[1].isEmpty ? sign + integer : sign + integer + String(format.decimalMark) + parts[1]
    }

    @Test func writesAsDecimalPrintsInEveryFormat() {
        var random = SplitMix(4)
        for index in 0..<Self.count {
            let value = Self.value(&random, digits: 19)
            // Up to 38 digits: two halves.
            let mantissa = value.mantissa * FixedPoint.power(random.next(20)) + UInt128(random.next(1000))
            let negative = random.next(2) == 0
            let fractionDigits = value.scale + random.next(3)
            let format = NumberFormat.allCases[index % NumberFormat.allCases.count]
            let grouping = random.next(2) == 0
            let written = FixedPoint.text(
                mantissa, exponent: -value.scale, negative: negative, fractionDigits: fractionDigits, format: format, grouping: grouping)
            let decimal = DecimalParts(negative: negative, exponent: -value.scale, mantissa: mantissa).decimal
            #expect(written == Self.reference(decimal, fractionDigits: fractionDigits, format: format, grouping: grouping), "\(decimal)")
        }
    }

    @Test func writesPositiveExponentsAndZero() {
        #expect(FixedPoint.text(12, exponent: 3, negative: false, fractionDigits: 2, grouping: true) == "12,000.00")
        #expect(FixedPoint.text(0, exponent: 3, negative: true, fractionDigits: 0, grouping: true) == "0")
        #expect(FixedPoint.text(5, exponent: -2, negative: true, fractionDigits: 2, format: .german, grouping: false) == "-0,05")
        #expect(FixedPoint.text(10_000_000, negative: false, fractionDigits: 0, format: .indian, grouping: true) == "1,00,00,000")
        #expect(
            FixedPoint.text(1_234_567, exponent: -2, negative: false, fractionDigits: 2, format: .french, grouping: true)
                == "12\u{202F}345,67")
    }
}
