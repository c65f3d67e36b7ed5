import FXCommands
import Testing

/// TAB in a `watch` line: the command, currencies, its options and their values.
@Suite struct WatchCompletionTests {
    static func texts(_ line: String) -> [String] { Completer().complete(line: line, cursor: line.count).candidates.map(\.text) }

    @Test func theCommandCompletes() {
        #expect(Self.texts("wat") == ["watch"])
    }

    @Test func currenciesThenOptionsNotYetGiven() {
        #expect(Self.texts("watch u").contains("USD"))
        #expect(Self.texts("watch usd jpy, e").contains("EUR"))
        let afterPair = Self.texts("watch usd jpy --")
        // Its own, then those any line takes.
        let lineOptions = OptionName.onALine.map(\.spelling)
        #expect(afterPair == ["--every", "--count", "--until"] + lineOptions, "\(afterPair)")
        #expect(Self.texts("watch usd jpy --every 30s --") == ["--count", "--until"] + lineOptions)
    }

    @Test func optionValues() {
        #expect(Self.texts("watch usd jpy --every ") == ["10s", "30s", "1m", "5m"])
        #expect(Self.texts("watch usd jpy --until u").contains("USD"))
        #expect(Self.texts("watch usd jpy --until usd jpy ").contains(">="))
    }
}
