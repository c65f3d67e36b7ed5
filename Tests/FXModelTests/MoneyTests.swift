import Foundation
import FXTestSupport
import Testing
import FXModel

@Suite("Rounding half away from zero")
struct RoundingTests {
    @Test(arguments: [
        ("0.125", 2, "0.13"),
        ("-0.125", 2, "-0.13"),
        ("2.5", 0, "3"),
        ("-2.5", 0, "-3"),
        ("0.5", 0, "1"),
        ("-0.5", 0, "-1"),
        ("0.124999", 2, "0.12"),
        ("-0.124999", 2, "-0.12"),
        ("1.005", 2, "1.01"),  // exact decimal: no binary-float surprise
        ("89.5094880057", 2, "89.51"),
        ("15725.0268528464", 0, "15725"),
        ("0.0005", 3, "0.001"),
        ("12345", -2, "12300"),
        ("12350", -2, "12400"),
    ])
    func roundedScale(input: String, scale: Int, expected: String) {
        #expect(dec(input).rounded(scale: scale) == dec(expected))
    }

    @Test(arguments: [
        ("1491.7649", 6, "1491.76"),
        ("0.0074149", 3, "0.00741"),
        ("0.0074150", 3, "0.00742"),
        ("157.2502685", 5, "157.25"),
        ("-157.255", 5, "-157.26"),
    ])
    func roundedSignificantDigits(input: String, digits: Int, expected: String) {
        #expect(dec(input).rounded(significantDigits: digits) == dec(expected))
    }

    @Test func zeroStaysZero() {
        #expect(Decimal(0).rounded(significantDigits: 4) == 0)
        #expect(Decimal(0).rounded(scale: 2) == 0)
    }
}

@Suite("Currency catalog")
struct CurrencyCatalogTests {
    let catalog = CurrencyCatalog.standard

    @Test(arguments: [("JPY", 0), ("KWD", 3), ("USD", 2), ("EUR", 2), ("BHD", 3), ("KRW", 0), ("CLF", 4), ("ISK", 0)])
    func minorUnits(code text: String, expected: Int) throws {
        let currency = try #require(catalog[code(text)])
        #expect(currency.minorUnits == expected)
        #expect(catalog.minorUnits(of: code(text)) == expected)
    }

    @Test func metalsHaveNoMinorUnitAndRoundToFourPlaces() throws {
        for text in ["XAU", "XAG", "XDR"] {
            let currency = try #require(catalog[code(text)])
            #expect(currency.minorUnits == nil, "\(text)")
            #expect(catalog.minorUnits(of: code(text)) == 4, "\(text)")
        }
    }

    @Test func unknownCodeRoundsToTwoPlaces() {
        #expect(!catalog.contains(code("QQQ")))
        #expect(catalog[code("QQQ")] == nil)
        #expect(catalog.minorUnits(of: code("QQQ")) == 2)
    }

    @Test(arguments: ["BGN", "HRK", "CYP", "ROL", "TRL", "SIT", "SKK", "EEK", "LTL", "LVL", "MTL"])
    func historicCodesTheECBUsedArePresent(text: String) {
        #expect(catalog.contains(code(text)))
    }

    @Test func namesAndSorting() throws {
        #expect(try #require(catalog[code("JPY")]).name == "Yen")
        #expect(try #require(catalog[.usd]).name == "US Dollar")
        let codes = catalog.all.map(\.code)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
    }
}

@Suite("Currency codes")
struct CurrencyCodeTests {
    @Test func normalisesCase() {
        #expect(CurrencyCode("usd") == .usd)
        #expect(CurrencyCode("UsD")?.rawValue == "USD")
    }

    @Test(arguments: ["", "US", "USDD", "U1D", "US ", "ÜSD", "€UR"])
    func rejectsNonCodes(text: String) {
        #expect(CurrencyCode(text) == nil)
    }
}

@Suite("Exact decimal parsing")
struct DecimalParsingTests {
    @Test(arguments: [
        ("1.1172", Decimal(11172) / 10000),
        ("136", Decimal(136)),
        (".5", Decimal(5) / 10),
        ("-12.3400", Decimal(-1234) / 100),
        ("0", Decimal(0)),
        ("20275.17", Decimal(2027517) / 100),
    ])
    func accepts(text: String, expected: Decimal) throws {
        #expect(try #require(Decimal(exactly: text)) == expected)
    }

    @Test(arguments: ["1e3", "", "1,0", "abc", "1.2.3", "-", ".", "1 0", " 1", "NaN", "inf", "1-", "--1", "0x10"])
    func rejects(text: String) {
        #expect(Decimal(exactly: text) == nil)
    }

    @Test func rejectsMoreThan38SignificantDigits() {
        let thirtyNine = "123456789012345678901234567890123456789"
        #expect(thirtyNine.count == 39)
        #expect(Decimal(exactly: thirtyNine) == nil)
        #expect(Decimal(exactly: "0.\(thirtyNine)") == nil)
    }

    @Test func acceptsLeadingZerosBeyond38Digits() throws {
        // Leading zeros are not significant: 40 characters of digits, 4 significant.
        let text = "0.000000000000000000000000000000000001234"
        let value = try #require(Decimal(exactly: text))
        #expect(value * Decimal(sign: .plus, exponent: 39, significand: 1) == 1234)
    }

    @Test func keepsTrailingZeroRatesEqual() throws {
        #expect(Decimal(exactly: "7.4370") == Decimal(exactly: "7.437"))
        #expect(Decimal(exactly: "7.4370") != nil)
    }
}

/// Cross rates on the real ECB numbers of 2026-10-30: USD 1.1172, JPY 175.68, GBP 0.8338, KRW 1491.76.
/// Expected values were computed independently with Python's decimal module (prec=50, ROUND_HALF_UP).
@Suite("Cross-rate exactness")
struct CrossRateTests {
    static let perEUR: [String: String] = ["EUR": "1", "USD": "1.1172", "JPY": "175.68", "GBP": "0.8338", "KRW": "1491.76"]

    static func quote(_ from: String, _ to: String) -> Quote {
        Quote(
            from: code(from), to: code(to), fromPerBase: dec(perEUR[from]!), toPerBase: dec(perEUR[to]!),
            provenance: Provenance(
                source: .ecb, sourceName: "European Central Bank", date: day("2026-10-30"),
                fetchedAt: nil, origin: .builtIn))
    }

    @Test(arguments: [
        // 100 / 1.1172 = 89.50948800572860723…            → 89.51
        ("USD", "EUR", "100", 2, "89.51"),
        // 100 × 175.68 / 1.1172 = 15725.02685284640171…   → 15725
        ("USD", "JPY", "100", 0, "15725"),
        // 100 × 1.1172 / 0.8338 = 133.98896617893979…     → 133.99
        ("GBP", "USD", "100", 2, "133.99"),
        // 1000 × 1.1172 / 175.68 = 6.35928961748633879…   → 6.36
        ("JPY", "USD", "1000", 2, "6.36"),
        // 250 × 0.8338 = 208.45 exactly
        ("EUR", "GBP", "250", 2, "208.45"),
        // 1 × 1491.76 / 1.1172 = 1335.26673827425707…     → 1335
        ("USD", "KRW", "1", 0, "1335"),
        // 1234.56 × 175.68 / 0.8338 = 260119.334132885584… → 260119
        ("GBP", "JPY", "1234.56", 0, "260119"),
        // -100 / 1.1172 = -89.5094880…                    → -89.51 (away from zero)
        ("USD", "EUR", "-100", 2, "-89.51"),
    ])
    func convert(from: String, to: String, amount: String, scale: Int, expected: String) {
        let result = Self.quote(from, to).convert(dec(amount), places: scale)!
        #expect(result == dec(expected))
    }

    @Test func eurLegMultipliesExactly() {
        // From the base currency the conversion is a plain product: 175.68 × 12.5 = 2196 exactly.
        #expect(Self.quote("EUR", "JPY").convert(dec("12.5")) == 2196)
        #expect(Self.quote("EUR", "JPY").rate == dec("175.68"))
    }

    @Test func rateKeepsManyDigits() {
        // 175.68 / 1.1172 = 157.250268528464017185821697099892588614…
        let rate = Self.quote("USD", "JPY").rate
        #expect(rate.rounded(scale: 20) == dec("157.25026852846401718582"))
        // 1.1172 / 175.68 = 0.00635928961748633879781420765027322404…
        #expect(Self.quote("JPY", "USD").rate.rounded(scale: 20) == dec("0.00635928961748633880"))
    }

    @Test func sameCurrencyIsIdentity() {
        #expect(Self.quote("USD", "USD").convert(dec("123.45")) == dec("123.45"))
        #expect(Self.quote("USD", "USD").rate == 1)
    }
}
