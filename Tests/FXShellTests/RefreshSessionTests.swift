import FXCommands
import FXRates
import FXRender
import FXTestSupport
import Synchronization
import FXShell
import Foundation
import Testing

@Suite("Session refresh")
struct RefreshSessionTests {
    @Test
    func aRefreshReportsTheNewTable() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("refresh") == .ok)
        #expect(shell.out.text == "ecb: updated 2026-10-30 (4 currencies with EUR)\n")
    }

    /// JSON counts the currencies as the text and `sources` do, the base among them.
    @Test
    func aRefreshInJSONCountsTheBaseAmongTheCurrencies() async {
        let shell = ShellHarness(json: true)
        #expect(await shell.session.run("refresh") == .ok)
        #expect(shell.out.text.contains(#""currencies":4"#), "\(shell.out.text)")
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
        #expect(shell.out.text == "ecb: updated 2026-10-29 → 2026-10-30 (4 currencies with EUR; 1 changed; added GBP, JPY; dropped CHF)\n")
    }

    @Test
    func aRefreshInWhichEverySourceFailedPrintsTheReportAndFailsWith1() async {
        let shell = ShellHarness(source: FixedTableSource(failure: .httpStatus(503)))
        #expect(await shell.session.run("refresh") == .failed(1))
        #expect(shell.out.text == "ecb: failed: server answered HTTP 503 (Service Unavailable)\n")
        #expect(shell.err.text.hasPrefix("fx: "))
    }
}

/// One screen that both streams print to; stdout holds its text until flushed, as fx's does.
private final class Screen: Sendable {
    let text = Mutex("")

    final class Stream: TextOutput, Sendable {
        let screen: Screen
        let buffered: Bool
        let pending = Mutex("")
        var failure: POSIXFailure? { nil }
        init(_ screen: Screen, buffered: Bool) {
            self.screen = screen
            self.buffered = buffered
        }
        func write(_ text: String) {
            if buffered { pending.withLock { $0 += text } } else { screen.text.withLock { $0 += text } }
        }
        func flush() {
            let text = pending.withLock { pending in
                defer { pending = "" }
                return pending
            }
            screen.text.withLock { $0 += text }
        }
    }
}

@Suite struct RefreshOrderTests {
    /// The per-source lines come first, then the line that sums them up.
    @Test func theSummaryFollowsThePerSourceLines() async {
        let screen = Screen()
        let out = Screen.Stream(screen, buffered: true), err = Screen.Stream(screen, buffered: false)
        let clock = FixedClock(ShellHarness.now)
        let service = RateService(
            sources: [FixedTableSource(failure: .httpStatus(503))], store: MemoryRateStore([]), clock: clock, usage: MemoryUsageStore())
        let session = Session(
            parser: Parser(), executor: Executor(service: service, clock: clock), clock: clock,
            presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: true), out: out, err: err)
        #expect(await session.run("refresh") == .failed(1))
        out.flush()
        let lines = screen.text.withLock { $0 }.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ecb: failed") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("fx: no source could be refreshed") == true, "\(lines)")
    }
}
