import FXTestSupport
import Foundation
import Testing

/// Every duration, count and size a user can type is range-checked with a clear error (issue 34,
/// item 9): `watch usd jpy --every 999999999999 --count 2` once died of SIGILL after its first
/// line, converting the interval to nanoseconds.
@Suite struct UserNumberRangeTests {
    @Test(
        arguments: [
            (["watch", "usd", "jpy", "--every", "999999999999", "--count", "2"], "'999999999999' is too long an interval"),
            (["watch", "usd", "jpy", "--every", "999999w", "--count", "2"], "'999999w' is too long an interval"),
            (["watch", "usd", "jpy", "--every", "99999999999999999999999", "--count", "2"], "is too long an interval"),
            (["--max-age", "999999999w", "100", "usd", "eur"], "--max-age '999999999w' is too long"),
            (["watch", "usd", "jpy", "--count", "99999999999999999999"], "is no count of refreshes"),
        ] as [([String], String)])
    func aNumberTooLargeIsOneUsageError(words: [String], message: String) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline"] + words)
        #expect(result.status == 2, "\(words): status \(result.status), \(result.stderr)")
        #expect(result.stdout == "", "\(words)")
        let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("warning:") }
        #expect(errors.count == 1 && errors[0].contains(message), "\(words): \(result.stderr)")
        #expect(!message.contains("too long") || errors.first?.contains("3650d (ten years)") == true, "\(result.stderr)")
    }

    /// The longest interval taken is taken: the board draws its first line and the count ends it.
    @Test func theLongestIntervalIsTaken() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "watch", "usd", "jpy", "--every", "3650d", "--count", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USD/JPY"), "\(result.stdout)")
    }
}
