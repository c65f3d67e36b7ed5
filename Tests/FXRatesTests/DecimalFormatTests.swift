import Foundation
import Testing
import FXRates
import FXTestSupport

@Suite("DecimalFormat")
struct DecimalFormatTests {
    @Test(arguments: [
        ("1234.56", 2, true, "1,234.56"),
        ("1234.56", 2, false, "1234.56"),
        // 100 USD in JPY on 2026-10-30, unrounded.
        ("15725.026852846401718582169709989258861", 0, true, "15,725"),
        ("89.5", 2, false, "89.50"),
        ("89.509488", 2, false, "89.51"),
        ("-1234.5", 2, true, "-1,234.50"),
        ("-0.125", 2, false, "-0.13"),
        ("1234567.891", 2, true, "1,234,567.89"),
        ("999999.995", 2, true, "1,000,000.00"),
        ("123", 0, true, "123"),
        ("123456", 0, true, "123,456"),
        ("1000", 0, true, "1,000"),
        ("0", 2, false, "0.00"),
        ("0.5", 0, false, "1"),
        ("0.001", 3, false, "0.001"),
        ("136", 4, false, "136.0000"),
    ])
    func fixed(value: String, digits: Int, grouping: Bool, expected: String) {
        #expect(DecimalFormat.fixed(dec(value), fractionDigits: digits, grouping: grouping) == expected)
    }

    @Test(arguments: [("-0.004", 2, "0.00"), ("-0.0049", 2, "0.00"), ("-0.4", 0, "0"), ("0.004", 2, "0.00"), ("-0", 2, "0.00")])
    func fixedNeverPrintsNegativeZero(value: String, digits: Int, expected: String) {
        #expect(DecimalFormat.fixed(dec(value), fractionDigits: digits) == expected)
        #expect(DecimalFormat.fixed(dec(value), fractionDigits: digits, grouping: true) == expected)
    }

    @Test(arguments: [
        ("7.4370", 0, false, "7.437"),
        ("136", 0, false, "136"),
        ("136", 2, false, "136.00"),
        ("1.5", 2, false, "1.50"),
        ("1.2345", 2, false, "1.2345"),
        ("20275.17", 0, true, "20,275.17"),
        ("-0.5", 0, false, "-0.5"),
        ("0.00741", 0, false, "0.00741"),
        (".5", 0, false, "0.5"),
        ("100.000", 0, false, "100"),
    ])
    func plain(value: String, minimum: Int, grouping: Bool, expected: String) {
        #expect(DecimalFormat.plain(dec(value), minimumFractionDigits: minimum, grouping: grouping) == expected)
    }

    @Test(arguments: [
        (dec("1491.76"), "1491.76"),
        (dec("0.00741"), "0.00741"),
        (dec("175.68") / dec("1.1172"), "157.25"),  // 157.250268… at six significant digits
        (dec("20275.17"), "20275.17"),  // never fewer than two decimals
        (dec("0.000670349"), "0.000670349"),
        (dec("1.1172"), "1.1172"),
        (dec("1.1172") / dec("175.68"), "0.00635929"),  // 0.006359289617…
        (1 / dec("1.1172"), "0.895095"),  // 0.895094880057…
        (dec("1491.76") / dec("1.1172"), "1335.27"),  // 1335.266738…
        (dec("0.8338") / dec("1.1172"), "0.74633"),  // 0.746330110…: six digits, trailing zero dropped
    ])
    func rate(value: Decimal, expected: String) {
        #expect(DecimalFormat.rate(value) == expected)
    }

    @Test func rateRespectsRequestedSignificantDigits() {
        #expect(DecimalFormat.rate(dec("175.68") / dec("1.1172"), significantDigits: 8) == "157.25027")
        #expect(DecimalFormat.rate(dec("0.00741"), significantDigits: 2) == "0.0074")
    }
}

@Suite("DecimalFormat.plain")
struct DecimalNumeralTests {
    @Test(arguments: [
        "175.68", "0.000670349", "18751", "1.179", "1.1790", "0", "0.5", "100", "1e3", "123456789012345678",
        "1234567890123456789012", "0.00000000000000000001", "7.4735", "24.353",
    ])
    func writesWhatDecimalsOwnTextWrites(text: String) {
        let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
        #expect(DecimalFormat.plain(value) == "\(value)")
    }

    @Test
    func agreesWithDecimalsTextOnEveryValueOfTheRealHistory() throws {
        let history = try ECBHistoryCSV.history(ecbFullHistoryCSV)
        for column in history.columns.values {
            for case let value? in column where DecimalFormat.plain(value) != "\(value)" {
                Issue.record("\(value) written as \(DecimalFormat.plain(value))")
            }
        }
    }
}
