import FXCommands
import FXRates
import Testing

/// Lines the parser refuses: the kind of mistake and the word it points at.
@Suite("Parser: usage errors")
struct ParserErrorTests {
    static let table: [(String, UsageError)] = [
        ("convert 100 eux usd", UsageError(.unknownCurrency("eux", suggestion: code("EUR")), span: 12..<15)),
        ("100 eux usd", UsageError(.unknownCurrency("eux", suggestion: code("EUR")), span: 4..<7)),
        ("100 usd eur jpz", UsageError(.unknownCurrency("jpz", suggestion: code("JPY")), span: 12..<15)),
        ("100eux usd", UsageError(.unknownCurrency("eux", suggestion: code("EUR")), span: 3..<6)),
        ("100 usd zzzzzz", UsageError(.unknownCurrency("zzzzzz", suggestion: nil), span: 8..<14)),
        ("rate usd qqq", UsageError(.unknownCurrency("qqq", suggestion: nil), span: 9..<12)),
        ("conver 100 usd eur", UsageError(.unknownCommand("conver", suggestion: "convert"), span: 0..<6)),
        ("rfresh", UsageError(.unknownCommand("rfresh", suggestion: "refresh"), span: 0..<6)),
        ("frobnicate 1 2", UsageError(.unknownCommand("frobnicate", suggestion: nil), span: 0..<10)),
        ("1e3 usd eur", UsageError(.malformedAmount("1e3", hint: .exponent), span: 0..<3)),
        ("convert 2E5 usd eur", UsageError(.malformedAmount("2E5", hint: .exponent), span: 8..<11)),
        ("-$-5 eur", UsageError(.malformedAmount("-$-5", hint: nil), span: 0..<4)),
        ("3000000000000000bn usd eur", UsageError(.malformedAmount("3000000000000000bn", hint: .tooLarge), span: 0..<18)),
        ("12,34,5 usd eur", UsageError(.malformedAmount("12,34,5", hint: nil), span: 0..<7)),
        ("1,23.4 usd eur", UsageError(.malformedAmount("1,23.4", hint: nil), span: 0..<6)),
        ("1.2.3 usd eur", UsageError(.malformedAmount("1.2.3", hint: nil), span: 0..<5)),
        ("12abcd usd eur", UsageError(.malformedAmount("12abcd", hint: nil), span: 0..<6)),
        ("12xyz usd eur", UsageError(.unknownCurrency("xyz", suggestion: nil), span: 2..<5)),
        ("convert abc usd eur", UsageError(.malformedAmount("abc", hint: nil), span: 8..<11)),
        (
            "convert 123456789012345678901234567890123456789 usd eur",
            UsageError(.malformedAmount("123456789012345678901234567890123456789", hint: .tooPrecise), span: 8..<47)
        ),
        ("convert", UsageError(.missingAmount(command: "convert"), span: nil, example: "convert 100 usd eur")),
        ("convert usd eur", UsageError(.missingAmount(command: "convert"), span: 8..<11, example: "convert 100 usd eur")),
        ("€ usd", UsageError(.missingAmount(command: ""), span: 0..<1)),
        ("convert 100", UsageError(.missingCurrency(after: "100"), span: nil, example: "convert 100 usd eur")),
        ("convert 100 usd to", UsageError(.missingTarget(after: "to"), span: nil, example: "convert 100 usd eur")),
        ("rate", UsageError(.missingCurrency(after: "rate"), span: nil, example: "rate usd jpy")),
        ("rate usd/", UsageError(.missingTarget(after: "/"), span: nil, example: "rate usd jpy")),
        ("rate usd to", UsageError(.missingTarget(after: "to"), span: nil, example: "rate usd jpy")),
        ("refresh xyz", UsageError(.unknownSource("xyz", known: [.ecb]), span: 8..<11)),
        ("refresh ecb xyz", UsageError(.unknownSource("xyz", known: [.ecb]), span: 12..<15)),
        ("help convrt", UsageError(.unknownHelpTopic("convrt", suggestion: "convert"), span: 5..<11)),
        ("help weather", UsageError(.unknownHelpTopic("weather", suggestion: nil), span: 5..<12)),
        ("help convert now", UsageError(.unexpectedWord("now", command: "help"), span: 13..<16)),
        ("quit now", UsageError(.unexpectedWord("now", command: "quit"), span: 5..<8)),
        ("exit 1", UsageError(.unexpectedWord("1", command: "quit"), span: 5..<6)),
    ]

    @Test(arguments: table)
    func refuses(line: String, expected: UsageError) {
        #expect(usageError(line) == expected)
    }

    @Test(arguments: [
        ("convert 100 eux usd", "eux"), ("₩50000 eux", "eux"), ("€1 usd qqq", "qqq"), ("conver 1 usd eur", "conver"),
    ])
    func aSpanPointsAtTheOffendingCharactersOfTheLine(line: String, word: String) throws {
        let span = try #require(usageError(line)?.span)
        #expect(String(Array(line)[span]) == word)
    }

    @Test
    func aLongerWordIsAllowedTwoEditsToItsSuggestion() throws {
        let error = try #require(usageError("100 usd eurr"))
        guard case .unknownCurrency(let word, let suggestion) = error.kind else {
            Issue.record("expected unknownCurrency, got \(error.kind)")
            return
        }
        #expect(word == "eurr")
        #expect(suggestion == code("EUR"))
    }
}
