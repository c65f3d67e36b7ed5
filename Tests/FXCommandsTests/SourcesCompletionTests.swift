import FXCommands
import Testing

/// TAB after `sources compare`: two currencies, then `on` and a date.
@Suite struct SourcesCompletionTests {
    static let cases: [(line: String, expected: [String])] = [
        ("sources compare usd cad ", ["on"]),
        ("sources compare usd cad on ", ["today", "yesterday", "last", "end"]),
        ("sources compare usd cad on 2024-03-01 ", []),
    ]

    @Test(arguments: cases)
    func completesADayAfterThePair(line: String, expected: [String]) {
        let texts = Completer().complete(line: line, cursor: line.count).candidates.map(\.text)
        #expect(texts == expected, "\(line)")
    }
}
