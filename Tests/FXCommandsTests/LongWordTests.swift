import FXCommands
import FXRates
import Foundation
import Testing

/// "Did you mean" for a word far longer than any candidate: no suggestion, and no time spent
/// comparing it letter by letter with every code (a megabyte currency word once took over a minute).
@Suite("Parser: very long words")
struct LongWordTests {
    @Test func aLongUnknownCurrencyIsRefusedQuickly() throws {
        let word = String(repeating: "x", count: 200_000)
        let started = Date()
        #expect(throws: UsageError(.unknownCurrency(word, suggestion: nil), span: 16..<(16 + word.count))) {
            try Parser().parse("convert 100 usd " + word)
        }
        #expect(throws: UsageError(.unknownCommand(word, suggestion: nil), span: 0..<word.count)) { try Parser().parse(word) }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func nearWordsStillGetASuggestion() throws {
        #expect(throws: UsageError(.unknownCurrency("eurr", suggestion: code("EUR")), span: 8..<12)) {
            try Parser().parse("100 usd eurr")
        }
        #expect(throws: UsageError(.unknownCommand("convertt", suggestion: "convert"), span: 0..<8)) {
            try Parser().parse("convertt 100 usd eur")
        }
    }
}
