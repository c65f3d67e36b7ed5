import FXCommands
import FXRates
import Foundation
import Testing

/// How amount words read: grouping, suffixes, symbols and glued codes, with the typed scale.
@Suite("Parser: amounts")
struct ParserAmountTests {
    static let table: [(String, Command)] = [
        ("1,234.56 gbp jpy", convert("1234.56", scale: 2, "GBP", ["JPY"])),
        ("1,234 gbp jpy", convert("1234", scale: 0, "GBP", ["JPY"])),
        ("1,234,567.8 gbp jpy", convert("1234567.8", scale: 1, "GBP", ["JPY"])),
        ("100.50 usd eur", convert("100.5", scale: 2, "USD", ["EUR"])),
        ("1.5k eur usd", convert("1500", scale: 0, "EUR", ["USD"])),
        ("1.5K eur usd", convert("1500", scale: 0, "EUR", ["USD"])),
        ("1.2345k eur usd", convert("1234.5", scale: 1, "EUR", ["USD"])),
        ("2m eur usd", convert("2000000", scale: 0, "EUR", ["USD"])),
        ("2.5m eur usd", convert("2500000", scale: 0, "EUR", ["USD"])),
        ("3bn eur usd", convert("3000000000", scale: 0, "EUR", ["USD"])),
        ("3b eur usd", convert("3000000000", scale: 0, "EUR", ["USD"])),
        ("$100 eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("$100 → eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("$1.5k eur", convert("1500", scale: 0, "USD", ["EUR"])),
        ("-$5 eur", convert("-5", scale: 0, "USD", ["EUR"])),
        ("$-5 eur", convert("-5", scale: 0, "USD", ["EUR"])),
        ("US$100 eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("C$100 usd", convert("100", scale: 0, "CAD", ["USD"])),
        ("100€ usd", convert("100", scale: 0, "EUR", ["USD"])),
        ("€100 usd", convert("100", scale: 0, "EUR", ["USD"])),
        ("£5 usd", convert("5", scale: 0, "GBP", ["USD"])),
        ("¥500 usd", convert("500", scale: 0, "JPY", ["USD"])),
        ("₩50000 jpy", convert("50000", scale: 0, "KRW", ["JPY"])),
        ("€ 100 usd", convert("100", scale: 0, "EUR", ["USD"])),
        ("zł 100 usd", convert("100", scale: 0, "PLN", ["USD"])),
        ("100 zł eur", convert("100", scale: 0, "PLN", ["EUR"])),
        ("100zł usd", convert("100", scale: 0, "PLN", ["USD"])),
        ("zł100 usd", convert("100", scale: 0, "PLN", ["USD"])),
        ("convert € 100 usd", convert("100", scale: 0, "EUR", ["USD"])),
        ("convert $100 to eur jpy", convert("100", scale: 0, "USD", ["EUR", "JPY"])),
        ("100usd eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("100USD to eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 2.5gbp chf", convert("2.5", scale: 1, "GBP", ["CHF"])),
    ]

    @Test(arguments: table)
    func parses(line: String, expected: Command) throws {
        #expect(try Parser().parse(line) == expected)
    }

    /// Equality of `Decimal` ignores representation; check the exact digits too.
    @Test(arguments: [
        ("1.5k usd eur", "1500"), ("2m usd eur", "2000000"), ("3bn usd eur", "3000000000"), ("0.001k usd eur", "1"),
    ])
    func suffixesGiveExactValues(line: String, digits: String) throws {
        guard case .convert(let amount, _, _, _)? = try Parser().parse(line) else {
            Issue.record("not a conversion")
            return
        }
        #expect(DecimalFormat.plain(amount.value) == digits)
        #expect(amount.scale == 0)
    }

    @Test
    func theTypedScaleSurvivesAThousandsGroupAndTrailingZeros() throws {
        guard case .convert(let amount, _, _, _)? = try Parser().parse("1,000.500 usd eur") else {
            Issue.record("not a conversion")
            return
        }
        #expect(amount == Amount(dec("1000.5"), scale: 3))
    }
}
