import FXRates
import Testing

@testable import FXEngine

/// The integer path equals the Decimal path a typed conversion takes, rounding included.
@Suite struct ExactCentsTests {
    static let cases: [(amount: String, from: String, to: String, digits: Int)] = [
        ("100", "1.1172", "1", 2), ("0.015", "3", "1", 2), ("123456.78", "1.0823", "157.25", 0), ("1", "1", "0.8338", 2),
        ("99999999.99", "0.008123", "25.1234", 3), ("0.005", "1", "1", 2), ("12.5", "8", "1", 2),
    ]

    @Test(arguments: cases)
    func integerPathEqualsDecimalPath(amount: String, from: String, to: String, digits: Int) throws {
        let a = try #require(Decimal(exactly: amount)), f = try #require(Decimal(exactly: from)), t = try #require(Decimal(exactly: to))
        let units = try #require(ExactCents.units(.init(a)!, times: .init(t)!, over: .init(f)!, digits: digits))
        var bytes: [UInt8] = []
        ExactCents.write(units, negative: false, digits: digits, mark: UInt8(ascii: "."), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == DecimalFormat.fixed((a * t / f).rounded(scale: digits), fractionDigits: digits))
    }

    @Test func smallAmountsKeepTheirLeadingZero() {
        var bytes: [UInt8] = []
        ExactCents.write(5, negative: true, digits: 2, mark: UInt8(ascii: ","), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-0,05")
    }
}

extension ExactCentsTests {
    @Test(arguments: [("1", "1.0823"), ("157.25", "1.1172"), ("0.8338", "3"), ("1", "7.4603"), ("25.1234", "0.008123")])
    func quotientEqualsDecimalRounding(numerator: String, denominator: String) throws {
        let n = try #require(Decimal(exactly: numerator)), d = try #require(Decimal(exactly: denominator))
        #expect(ExactCents.quotient(.init(n)!, over: .init(d)!, significantDigits: 10) == (n / d).rounded(significantDigits: 10))
    }
}
