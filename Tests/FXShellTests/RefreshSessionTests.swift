import FXRates
import FXShell
import Foundation
import Testing

@Suite("Session refresh")
struct RefreshSessionTests {
    @Test
    func aRefreshReportsTheNewTable() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("refresh") == .ok)
        #expect(shell.out.text == "ecb: updated 2026-10-30 (3 currencies)\n")
    }

    @Test
    func aRefreshOverAnOlderCacheNamesBothDates() async {
        let cached = CachedRates(
            source: .ecb,
            table: RateTable(
                base: .eur, date: Day(year: 2026, month: 10, day: 29)!,
                rates: [CurrencyCode("USD")!: 1, CurrencyCode("CHF")!: 1]),
            fetchedAt: ISO8601DateFormatter().date(from: "2026-10-29T16:00:00Z")!)
        let shell = ShellHarness(cached: [cached])
        #expect(await shell.session.run("refresh ecb") == .ok)
        // What the new table adds and drops against the old one is named.
        #expect(shell.out.text == "ecb: updated 2026-10-29 → 2026-10-30 (3 currencies; 1 changed; added GBP, JPY; dropped CHF)\n")
    }

    @Test
    func aRefreshInWhichEverySourceFailedPrintsTheReportAndFailsWith1() async {
        let shell = ShellHarness(source: FixedTableSource(failure: .httpStatus(503)))
        #expect(await shell.session.run("refresh") == .failed(1))
        #expect(shell.out.text == "ecb: failed: server answered HTTP 503 (Service Unavailable)\n")
        #expect(shell.err.text.hasPrefix("fx: "))
    }
}
