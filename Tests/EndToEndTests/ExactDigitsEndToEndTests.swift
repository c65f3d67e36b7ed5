import FXTestSupport
import Foundation
import Testing

/// Issue 23, item 4: a result past the 38 digits fx computes exactly is an error, never Decimal's
/// rounded figure, in one-shot and script mode alike.
@Suite struct ExactDigitsEndToEndTests {
    /// The issue's line: Decimal printed `…356,000.00 USD`; exact is `…356,505,661.35`.
    static let line = "12345678901234567890123.45 usd * 12345678901234567890.123"

    @Test func theIssuesProductIsAnErrorWithNoNumber() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        for arguments in [["--offline", Self.line], ["--offline", "99999999999999999999999 usd * 100000000000000000 in jpy"]] {
            let result = try fx.run(arguments)
            // A usage error, as the other overflows (`1 usd / 0`, 38 nines to the fifth).
            #expect(result.status == 2, "\(result.stdout)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains("beyond the 38 exact digits"), "\(result.stderr)")
            #expect(!result.stderr.contains("356,") && !result.stderr.contains("USD ="), "\(result.stderr)")
        }
    }

    @Test func aScriptAnswersTheLinesAroundIt() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline"], stdin: "2 * 3\n" + Self.line + "\n1 + 1\n")
        #expect(result.status == 2)
        #expect(result.stdout == "2 * 3 = 6\n1 + 1 = 2\n", "\(result.stdout)")
        #expect(result.stderr.contains("fx: line 2: The result is beyond the 38 exact digits"), "\(result.stderr)")
    }
}
