import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

/// Conversions as text, on the ECB rates of 2026-10-30 (USD 1.1172, JPY 175.68).
@Suite("TextRenderer: conversions")
struct TextConversionTests {
    typealias F = RenderFixtures
    let plain = TextRenderer(style: Style(color: false), showProvenance: false)

    @Test(arguments: [
        ("100", "USD", "EUR", "100.00 USD = 89.51 EUR"),
        ("100", "USD", "JPY", "100.00 USD = 15,725 JPY"),
        ("100", "EUR", "USD", "100.00 EUR = 111.72 USD"),
        ("1234567.5", "EUR", "JPY", "1,234,567.50 EUR = 216,888,818 JPY"),
        ("10000", "JPY", "GBP", "10,000 JPY = 47.46 GBP"),
        ("-100", "USD", "EUR", "-100.00 USD = -89.51 EUR"),
    ])
    func oneTarget(amount: String, from: String, to: String, expected: String) {
        let conversion = F.conversion(Decimal(exactly: amount)!, from, to: [to])
        #expect(plain.render(.conversion(conversion), now: F.now) == expected)
    }

    @Test
    func oneLinePerTargetInTheOrderAsked() {
        let conversion = F.conversion(100, "USD", to: ["EUR", "JPY", "GBP"])
        #expect(
            plain.render(.conversion(conversion), now: F.now) == """
                100.00 USD = 89.51 EUR
                100.00 USD = 15,725 JPY
                100.00 USD = 74.63 GBP
                """)
    }

    @Test
    func theAmountKeepsTheDecimalsTheUserTyped() {
        let base = F.conversion(Decimal(exactly: "1.125")!, "USD", to: ["EUR"])
        let conversion = Conversion(amount: base.amount, amountDigits: 3, from: base.from, lines: base.lines)
        #expect(plain.render(.conversion(conversion), now: F.now) == "1.125 USD = 1.01 EUR")
    }

    @Test
    func helpIsShownAsGivenQuitShowsNothing() {
        #expect(plain.render(.help("Commands:"), now: F.now) == "Commands:")
        #expect(plain.render(.quit, now: F.now) == nil)
    }
}
