import FXCommands
import FXRates
import Testing

/// rate, refresh, help, quit, and lines that say nothing.
@Suite("Parser: other commands")
struct ParserOtherCommandsTests {
    static let table: [(String, Command?)] = [
        ("rate usd jpy", .rate(base: code("USD"), quotes: [code("JPY")])),
        ("rate usd/jpy", .rate(base: code("USD"), quotes: [code("JPY")])),
        ("rate usd / jpy", .rate(base: code("USD"), quotes: [code("JPY")])),
        ("rate usd to jpy", .rate(base: code("USD"), quotes: [code("JPY")])),
        ("rate eur", .rate(base: code("EUR"), quotes: [])),
        ("rate gbp usd chf", .rate(base: code("GBP"), quotes: [code("USD"), code("CHF")])),
        ("rate gbp usd,chf", .rate(base: code("GBP"), quotes: [code("USD"), code("CHF")])),
        ("r usd jpy", .rate(base: code("USD"), quotes: [code("JPY")])),
        ("rates eur", .rate(base: code("EUR"), quotes: [])),
        ("RATE $ ¥", .rate(base: code("USD"), quotes: [code("JPY")])),
        ("refresh", .refresh([])),
        ("refresh ecb", .refresh([.ecb])),
        ("refresh ECB", .refresh([.ecb])),
        ("help", .help(topic: nil)),
        ("help convert", .help(topic: "convert")),
        ("help c", .help(topic: "convert")),
        ("help RATE", .help(topic: "rate")),
        ("?", .help(topic: nil)),
        ("quit", .quit),
        ("exit", .quit),
        ("q", .quit),
        ("QUIT", .quit),
        ("", nil),
        ("    ", nil),
        ("# a comment", nil),
        ("   # indented comment", nil),
    ]

    @Test(arguments: table)
    func parses(line: String, expected: Command?) throws {
        #expect(try Parser().parse(line) == expected)
    }

    @Test
    func refreshKnowsOnlyTheConfiguredSources() throws {
        let parser = Parser(context: ParseContext(sourceIDs: [.ecb, SourceID("boc")]))
        #expect(try parser.parse("refresh boc, ecb") == .refresh([SourceID("boc"), .ecb]))
    }
}
