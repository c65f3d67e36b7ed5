import FXRates
import FXTestSupport
import Foundation
import Testing

/// The history file reads back whatever fx writes into it: a metal's rate inverted from its
/// gold-based row has 38 significant digits, past the reader's 19-digit fast path, and such a
/// file was set aside as damaged on the next read ("the XAU line is damaged"), losing the history.
@Suite struct HistoryFileRoundTripTests {
    static let rates: [String] = [
        "1.0862", "0.0002629710468877376600836247929103005", "655.957", "12345678901234567890.5", "0.00000000000000000001",
        "99999999999999999999999999999999999999",
    ]

    @Test(arguments: rates) func aRateWrittenReadsBack(_ text: String) throws {
        let rate = try #require(Decimal(string: text))
        let xau = CurrencyCode("XAU")!
        let days = [Day(iso: "2026-11-19")!, Day(iso: "2026-11-20")!]
        let history = RateHistory(base: .eur, days: days, columns: [xau: [rate, nil], .usd: [Decimal(string: "1.0862")!, Decimal(2)]])
        let entry = CachedHistory(source: .ecb, history: history, complete: false, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let data = HistoryFileFormat.encode(entry)
        let whole = try HistoryFileFormat.decode(data, currencies: nil)
        #expect(whole.history.rate(xau, at: 0) == rate)
        let some = try HistoryFileFormat.decode(data, currencies: [xau])
        #expect(some.history.rate(xau, at: 0) == rate)

        // Through the store too: read by the file's index, and whole.
        let directory = makeTemporaryDirectory("fx-roundtrip")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileHistoryStore(directory: directory.path)
        _ = try store.save(entry)
        let (indexed, problems) = store.load(.ecb, currencies: [xau])
        #expect(problems.isEmpty)
        #expect(indexed?.history.rate(xau, at: 0) == rate)
        let (all, wholeProblems) = store.load(.ecb, currencies: nil)
        #expect(wholeProblems.isEmpty)
        #expect(all?.history.rate(xau, at: 0) == rate)
    }
}
