import FXCommands
import Testing

@Suite("Tokenizer")
struct TokenizerTests {
    static let table: [(String, [Spanned])] = [
        ("", []),
        ("   \t  ", []),
        ("convert 100 usd eur", [.init("convert", 0, 7), .init("100", 8, 11), .init("usd", 12, 15), .init("eur", 16, 19)]),
        ("  100\t usd   eur  ", [.init("100", 2, 5), .init("usd", 7, 10), .init("eur", 13, 16)]),
        ("rate usd/jpy", [.init("rate", 0, 4), .init("usd", 5, 8), .init("/", 8, 9), .init("jpy", 9, 12)]),
        ("usd/", [.init("usd", 0, 3), .init("/", 3, 4)]),
        ("100 usd->eur", [.init("100", 0, 3), .init("usd", 4, 7), .init("->", 7, 9), .init("eur", 9, 12)]),
        ("100 usd -> eur", [.init("100", 0, 3), .init("usd", 4, 7), .init("->", 8, 10), .init("eur", 11, 14)]),
        ("100 usd→eur", [.init("100", 0, 3), .init("usd", 4, 7), .init("→", 7, 8), .init("eur", 8, 11)]),
        ("100 usd → eur", [.init("100", 0, 3), .init("usd", 4, 7), .init("→", 8, 9), .init("eur", 10, 13)]),
        // The sign stands alone; the calculator joins it to the number written against it.
        ("-12.5 usd eur", [.init("-", 0, 1), .init("12.5", 1, 5), .init("usd", 6, 9), .init("eur", 10, 13)]),
        ("100 usd-20 eur", [.init("100", 0, 3), .init("usd", 4, 7), .init("-", 7, 8), .init("20", 8, 10), .init("eur", 11, 14)]),
        ("2013-03-21 $-5 --json", [.init("2013-03-21", 0, 10), .init("$-5", 11, 14), .init("--json", 15, 21)]),
        (
            "(1+2)*3%",
            [
                .init("(", 0, 1), .init("1", 1, 2), .init("+", 2, 3), .init("2", 3, 4), .init(")", 4, 5), .init("*", 5, 6),
                .init("3", 6, 7), .init("%", 7, 8),
            ]
        ),
        ("%d.%m.%Y", [.init("%d.%m.%Y", 0, 8)]),
        ("1,234.56 gbp", [.init("1,234.56", 0, 8), .init("gbp", 9, 12)]),
        ("12,34,5", [.init("12,34,5", 0, 7)]),
        ("eur,gbp", [.init("eur", 0, 3), .init(",", 3, 4), .init("gbp", 4, 7)]),
        ("eur, gbp", [.init("eur", 0, 3), .init(",", 3, 4), .init("gbp", 5, 8)]),
        ("100,usd", [.init("100", 0, 3), .init(",", 3, 4), .init("usd", 4, 7)]),
        (",5", [.init(",", 0, 1), .init("5", 1, 2)]),
        ("# a comment", []),
        ("100 usd eur # to jpy", [.init("100", 0, 3), .init("usd", 4, 7), .init("eur", 8, 11)]),
        ("100 usd eur #to jpy", [.init("100", 0, 3), .init("usd", 4, 7), .init("eur", 8, 11)]),
        ("usd#eur", [.init("usd#eur", 0, 7)]),
        ("€100 usd", [.init("€100", 0, 4), .init("usd", 5, 8)]),
        ("₩50000 jpy", [.init("₩50000", 0, 6), .init("jpy", 7, 10)]),
        ("100€ → ¥", [.init("100€", 0, 4), .init("→", 5, 6), .init("¥", 7, 8)]),
        ("100\0usd\0eur", [.init("100", 0, 3), .init("usd", 4, 7), .init("eur", 8, 11)]),
        ("100 usd\r\n", [.init("100", 0, 3), .init("usd", 4, 7)]),
    ]

    @Test(arguments: table)
    func splitsALineIntoWordsWithCharacterOffsets(line: String, expected: [Spanned]) {
        #expect(tokens(line) == expected)
    }

    @Test
    func offsetsCountCharactersNotBytes() {
        let line = "₩50000 €1 £2"
        for token in Tokenizer.tokenize(line) {
            let characters = Array(line)
            #expect(String(characters[token.start..<token.end]) == token.text)
        }
    }

    @Test
    func foldedTextIsLowerCase() {
        #expect(Token("USD", start: 0, end: 3).folded == "usd")
    }
}
