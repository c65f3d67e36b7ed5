import FXCommands
import Testing

/// The shapes of a conversion line: command word or none, keywords, several targets.
@Suite("Parser: convert grammar")
struct ParserConvertTests {
    static let table: [(String, Command)] = [
        ("convert 100 usd eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd to eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd in eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd as eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd into eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd -> eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd->eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd → eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd = eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd TO eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert 100 usd to eur jpy gbp", convert("100", scale: 0, "USD", ["EUR", "JPY", "GBP"])),
        ("convert 100 usd eur jpy gbp", convert("100", scale: 0, "USD", ["EUR", "JPY", "GBP"])),
        ("convert 100 usd to eur, jpy, gbp", convert("100", scale: 0, "USD", ["EUR", "JPY", "GBP"])),
        ("convert 100 usd eur,gbp", convert("100", scale: 0, "USD", ["EUR", "GBP"])),
        ("100 usd eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("100 usd in eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("100 usd eur chf", convert("100", scale: 0, "USD", ["EUR", "CHF"])),
        ("100 € usd", convert("100", scale: 0, "EUR", ["USD"])),
        ("100 usd €", convert("100", scale: 0, "USD", ["EUR"])),
        ("CONVERT 100 USD EUR", convert("100", scale: 0, "USD", ["EUR"])),
        ("Convert 100 Usd eUR", convert("100", scale: 0, "USD", ["EUR"])),
        ("c 100 usd eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("conv 100 usd eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("C 100 usd eur", convert("100", scale: 0, "USD", ["EUR"])),
        ("convert -5 usd eur", convert("-5", scale: 0, "USD", ["EUR"])),
        ("-12.5 usd eur", convert("-12.5", scale: 1, "USD", ["EUR"])),
        ("+7 usd eur", convert("7", scale: 0, "USD", ["EUR"])),
        (".5 usd eur", convert("0.5", scale: 1, "USD", ["EUR"])),
        ("convert 100 usd eur # why not", convert("100", scale: 0, "USD", ["EUR"])),
        ("100\0usd\0eur", convert("100", scale: 0, "USD", ["EUR"])),
    ]

    @Test(arguments: table)
    func parses(line: String, expected: Command) throws {
        #expect(try Parser().parse(line) == expected)
    }
}
