import Foundation
import FXTestSupport
import Testing
@testable import FXModel

/// fx rounds and prints decimals without Foundation's NSDecimal functions (FoundationEssentials
/// has none): checked here against them, on edge cases and on many random values.
@Suite("Decimal parts, rounding and numerals")
struct DecimalPartsTests {
    @Test func theStorageLayoutIsReadAsThisBuildWritesIt() {
        #expect(DecimalParts.layoutHolds)
    }

    static let edges = [
        "0", "1", "-1", "0.5", "-0.5", "0.125", "-0.125", "2.675", "1.005", "0.0049999", "0.995", "999.995",
        "-999.995", "89.505", "0.000670349", "1491.76", "20275.17", "175.6804999999", "1e-30", "-1e-30",
        "12345678901234567890.123456789", "340282366920938463463374607431768211455",
        "-34028236692093846346337460743176821.1455", "1e100", "0.00000000000000000000000000000000000001",
    ]

    @Test(arguments: edges)
    func partsAgreeWithTheText(_ text: String) throws {
        let value = try #require(Decimal(string: text))
        let parts = try #require(DecimalParts(value))
        #expect(parts.normalized == DecimalParts.fromText(value).normalized)
        #expect(parts.decimal == value)
    }

    @Test(arguments: edges)
    func roundingMatchesNSDecimalRound(_ text: String) throws {
        let value = try #require(Decimal(string: text))
        for scale in [-3, -1, 0, 1, 2, 3, 4, 6, 10, 12] {
            var source = value, expected = Decimal()
            NSDecimalRound(&expected, &source, scale, .plain)
            #expect(value.rounded(scale: scale) == expected, "\(text) at scale \(scale)")
        }
    }

    @Test func randomValuesRoundAndPrintAsFoundationDoes() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...30, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            for index in 0..<digits { text += String(Int.random(in: index == 0 ? 1...9 : 0...9, using: &generator)) }
            let point = Int.random(in: 0...digits, using: &generator)
            if point < digits { text.insert(".", at: text.index(text.endIndex, offsetBy: -(digits - point))) }
            let value = try #require(Decimal(string: text))
            let scale = Int.random(in: -2...12, using: &generator)
            var source = value, expected = Decimal()
            NSDecimalRound(&expected, &source, scale, .plain)
            #expect(value.rounded(scale: scale) == expected, "\(text) at scale \(scale)")
            if value > 0 { #expect(DecimalFormat.plain(value) == value.description, "\(text)") }
            #expect(DecimalFormat.plain(value) == value.description, "\(text)")
        }
    }

    @Test func numeralsAreDecimalsOwnText() throws {
        for text in ["175.68", "0.000670349", "18751", "1.179", "136", "0.1", "100000000000000000000", "1.0000000000000000000000000001"] {
            let value = try #require(Decimal(string: text))
            #expect(DecimalFormat.plain(value) == value.description)
        }
    }

    @Test func aDoubleForDrawingIsClose() throws {
        for text in ["1.1172", "0.000670349", "20275.17", "-3.5"] {
            let value = try #require(Decimal(string: text))
            #expect(abs(value.doubleApproximation - Double(text)!) <= abs(Double(text)!) * 1e-15)
        }
    }
}

extension DecimalPartsTests {
    /// Cross rates carry 38 digits, and a Decimal's exponent runs from −128 to 127.
    @Test func aDoubleForDrawingIsCloseAcrossTheRange() throws {
        for (value, expected) in [
            (Decimal(string: "175.68")! / Decimal(string: "1.1789")!, 175.68 / 1.1789),
            (Decimal(string: "0.58231")! / Decimal(string: "372274")!, 0.58231 / 372274),
            (Decimal(sign: .plus, exponent: 100, significand: 7), 7e100),
            (Decimal(sign: .minus, exponent: -120, significand: 123), -123e-120),
        ] {
            #expect(abs(value.doubleApproximation - expected) <= abs(expected) * 1e-13)
        }
    }
}
