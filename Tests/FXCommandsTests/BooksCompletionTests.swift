import FXCommands
import Testing

/// TAB after the words of price files and averages.
@Suite struct BooksCompletionTests {
    static let cases: [(line: String, expected: [String])] = [
        ("rate usd eur avg ", ["q1", "q2", "q3", "q4", "from", "ytd", "tax-year"]),
        ("rate usd eur avg from 2024-01-15 ", ["to"]),
        ("rate usd eur avg from ", ["today", "yesterday", "last", "end"]),
        ("history usd eur 30d --digits ", []),
    ]

    @Test(arguments: cases)
    func completesAfterBooksWords(line: String, expected: [String]) {
        let texts = Completer().complete(line: line, cursor: line.count).candidates.map(\.text)
        #expect(texts == expected, "\(line)")
    }

    @Test func historyOffersPriceFileOptions() {
        let line = "history usd eur,gbp ytd --le"
        let texts = Completer().complete(line: line, cursor: line.count).candidates.map(\.text)
        #expect(texts == ["--ledger"])
        let comma = "history usd eur,"
        #expect(Completer().complete(line: comma, cursor: comma.count).candidates.map(\.text).contains("GBP"))
    }
}
