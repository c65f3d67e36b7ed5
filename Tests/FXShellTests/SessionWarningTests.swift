import FXRates
import FXShell
import Foundation
import FXTestSupport
import Testing

/// Problems the service recovered from are printed as `warning:` lines on stderr.
@Suite("Session warnings")
struct SessionWarningTests {
    static let yesterday = Day(year: 2026, month: 10, day: 29)!
    static let cached = CachedRates(
        source: .ecb,
        table: RateTable(base: .eur, date: yesterday, rates: FixedTableSource.table.rates),
        fetchedAt: ISO8601DateFormatter().date(from: "2026-10-29T16:00:00Z")!)

    @Test
    func aFailedFetchFallsBackToTheCacheAndSaysSo() async {
        let shell = ShellHarness(source: FixedTableSource(failure: .httpStatus(503)), cached: [Self.cached])
        #expect(await shell.session.run("100 usd eur") == .ok)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(
            shell.err.text == "warning: European Central Bank: server answered HTTP 503 (Service Unavailable); "
                + "using cached rates of 2026-10-29 (fetched 1d 1h ago)\n")
    }

    @Test
    func aWarningIsPrintedOnceNotOnEveryLaterLine() async {
        let shell = ShellHarness(source: FixedTableSource(failure: .httpStatus(503)), cached: [Self.cached])
        _ = await shell.session.run("100 usd eur")
        _ = await shell.session.run("100 usd jpy")
        #expect(shell.err.text.components(separatedBy: "warning:").count == 2)
    }

    @Test
    func withNothingCachedAFailedFetchIsARuntimeFailure() async {
        let shell = ShellHarness(source: FixedTableSource(failure: .emptyBody))
        #expect(await shell.session.run("100 usd eur") == .failed(1))
        #expect(shell.out.text == "")
        #expect(shell.err.text == "fx: No rates available: European Central Bank: empty response, and nothing is cached.\n")
    }
}
