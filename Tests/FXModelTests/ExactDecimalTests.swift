import FXModel
import FXTestSupport
import Foundation
import Testing

/// `Decimal`'s exact operations: each result is the exact figure or nil, at 38 digits and past them.
/// Expected values worked out with Python's `fractions` (exact rationals).
struct ExactDecimalTests {
    /// nil where the result must be refused.
    static func expect(_ result: Decimal?, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result == expected.map(wide), sourceLocation: sourceLocation)
    }

    /// A numeral of up to 39 digits (`dec` reads 38), trailing zeros of a whole number as the exponent.
    static func wide(_ text: String) -> Decimal {
        var digits = Substring(text), negative = false, exponent = 0
        if digits.hasPrefix("-") { negative = true; digits.removeFirst() }
        if let point = digits.firstIndex(of: ".") {
            exponent = -digits.distance(from: point, to: digits.endIndex) + 1
            digits.remove(at: point)
        } else {
            while digits.count > 1, digits.hasSuffix("0") { digits.removeLast(); exponent += 1 }
        }
        var mantissa: UInt128 = 0
        for digit in digits { mantissa = mantissa * 10 + UInt128(digit.wholeNumberValue!) }
        return DecimalParts(negative: negative, exponent: exponent, mantissa: mantissa).decimal
    }

    @Test(
        arguments: [
            // The example: the exact product has 46 digits (…356,505,661.35).
            ("12345678901234567890123.45", "12345678901234567890.123", nil),
            // 38 digits: exact.
            ("9999999999999999999", "9999999999999999999", "99999999999999999980000000000000000001"),
            // 39 digits above 2^128: refused, where Decimal's `*` gives 999…9900000000000000000 (rounded).
            ("99999999999999999999", "9999999999999999999", nil),
            // Trailing zeros go to the exponent: 10^42 is one digit.
            ("1000000000000000000000", "1000000000000000000000", "1000000000000000000000000000000000000000000"),
            ("-0.5", "0.2", "-0.1"),
            ("0", "12345678901234567890123.45", "0"),
            // 41 digits after the point.
            ("1.2345678901234567890123456789012345678", "1.0876", nil),
        ] as [(String, String, String?)])
    func product(a: String, b: String, expected: String?) {
        Self.expect(Decimal.exactProduct(Self.wide(a), Self.wide(b)), expected)
    }

    @Test(
        arguments: [
            ("99999999999999999999999999999999999999", "1", "100000000000000000000000000000000000000"),
            // 39 digits from 10^38 + 1 (below 2^128) fit; 10^39 + 1 does not.
            ("1000000000000000000", "0.00000000000000000001", "1000000000000000000.00000000000000000001"),
            ("10000000000000000000", "0.00000000000000000001", nil),
            ("99999999999999999999999999999999999999", "0.1", nil),
            ("12345678901234567890123456789012345678", "-12345678901234567890123456789012345677", "1"),
            ("-0.3", "0.1", "-0.2"),
            ("0.1", "-0.3", "-0.2"),
            // 10^30 + 10^-30 spans 61 digits.
            ("1" + String(repeating: "0", count: 30), "0." + String(repeating: "0", count: 29) + "1", nil),
            ("0", "-7.5", "-7.5"),
        ] as [(String, String, String?)])
    func sum(a: String, b: String, expected: String?) {
        Self.expect(Decimal.exactSum(Self.wide(a), Self.wide(b)), expected)
        Self.expect(Decimal.exactSum(Self.wide(b), Self.wide(a)), expected)
        Self.expect(Decimal.exactDifference(Self.wide(a), -Self.wide(b)), expected)
    }

    @Test(
        arguments: [
            // 38 significant digits, the documented rounding.
            ("1", "3", nil, "0.33333333333333333333333333333333333333"),
            ("1", "3", 2, "0.33333333333333333333333333333333333333"),
            // 3·10^37 ÷ 7 holds 38 digits, one after the point: not enough for cents unless exact.
            ("30000000000000000000000000000000000000", "7", 2, nil),
            ("30000000000000000000000000000000000000", "8", 2, "3750000000000000000000000000000000000"),
            ("1", "0", nil, nil),
            ("0", "7", 2, "0"),
        ] as [(String, String, Int?, String?)])
    func quotient(a: String, b: String, places: Int?, expected: String?) {
        Self.expect(Decimal.quotient(dec(a), dec(b), exactTo: places), expected)
    }

    @Test func quotientWithoutPlacesKeeps38Digits() {
        #expect(Decimal.quotient(dec("30000000000000000000000000000000000000"), dec("7")) != nil)
    }

    @Test(
        arguments: [
            // The example as a conversion: 152,415,787,532,388,367,504,942,236,884,722,734,865.07 is beyond 128 bits in cents.
            ("12345678901234567890123.45", "12345678901234567890.123", "1", 2, nil),
            // 14639999999999999999999998536/931 = 15725026852846401718582168.137…
            ("99999999999999999999999.99", "175.68", "1.1172", 0, "15725026852846401718582168"),
            // A 41-digit product rounded to 38 places: 39 digits, exact.
            ("1.2345678901234567890123456789012345678", "1.0876", "1", 38, "1.34271603729827160372982716037298271594"),
            ("1.2345678901234567890123456789012345678", "1.0876", "1", 2, "1.34"),
            // Halves away from zero, decided by the digit dropped before dividing: 1.5 ÷ 3 = 0.5.
            ("1.5", "1", "3", 0, "1"),
            ("1.4", "1", "3", 0, "0"),
            ("-1.5", "1", "3", 0, "-1"),
            ("1", "1", "8", 2, "0.13"),
            ("-1", "1", "8", 2, "-0.13"),
            ("1", "1", "0", 2, nil),
            // A divisor of 38 digits after the point: 10^39 ÷ 13706…: 100 ÷ 1.3706 = 72.96…
            ("100", "1", "1.3706000000000000000000000000000000000", 2, "72.96"),
        ] as [(String, String, String, Int, String?)])
    func conversion(amount: String, to: String, from: String, places: Int, expected: String?) {
        Self.expect(Decimal.product(dec(amount), times: dec(to), over: dec(from), places: places), expected)
    }
}
