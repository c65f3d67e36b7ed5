import FXCommands
import FXRates
import FXAnswers
import FXRender
import FXShell
import Foundation
import FXTestSupport
import Testing

/// `--max-age`: an answer from rates superseded too long ago is printed, then fails with 3.
@Suite("Executor max age")
struct MaxAgeTests {
    /// The table's successor was due at 01:00 UTC on its own day: at 17:00 it is 16 hours overdue.
    static let overdue = FixedTableSource(nextPublicationOffset: 3600)
    static let command = Command.convert(amount: Amount(100, scale: 0), from: CurrencyCode("USD")!, to: [CurrencyCode("EUR")!])

    @Test
    func ratesSupersededLongerAgoThanMaxAgeAreTooOld() async throws {
        let shell = ShellHarness(maxAge: 3600, source: Self.overdue)
        let outcome = try await shell.executor.execute(Self.command)
        let verdict = try #require(shell.executor.verdict(on: outcome))
        guard case .tooOld(let provenance, let staleness, let maxAge) = verdict else {
            Issue.record("expected tooOld, got \(verdict)")
            return
        }
        #expect(provenance.date == FixedTableSource.day)
        #expect(staleness == 16 * 3600)
        #expect(maxAge == 3600)
        #expect(verdict.exitStatus == 3)
    }

    @Test(arguments: [17 * 3600.0, 86_400])
    func withinMaxAgeThereIsNoVerdict(maxAge: Double) async throws {
        let shell = ShellHarness(maxAge: maxAge, source: Self.overdue)
        #expect(shell.executor.verdict(on: try await shell.executor.execute(Self.command)) == nil)
    }

    @Test
    func ratesThatAreStillTheNewestAreNeverTooOld() async throws {
        let shell = ShellHarness(maxAge: 1)
        #expect(shell.executor.verdict(on: try await shell.executor.execute(Self.command)) == nil)
    }

    @Test
    func withoutMaxAgeThereIsNoVerdict() async throws {
        let shell = ShellHarness(source: Self.overdue)
        #expect(shell.executor.verdict(on: try await shell.executor.execute(Self.command)) == nil)
    }

    @Test
    func theSessionPrintsTheAnswerThenTheComplaintAndFailsWith3() async {
        let shell = ShellHarness(maxAge: 3600, source: Self.overdue)
        #expect(await shell.session.run("100 usd eur") == .failed(3))
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(
            shell.err.text
                == "fx: European Central Bank rates of 2026-10-30 were superseded 16h ago, longer than --max-age 1h allows\n")
    }

    @Test
    func inJSONModeTheAnswerIsTheOnlyObjectOnStdout() async {
        let shell = ShellHarness(json: true, maxAge: 3600, source: Self.overdue)
        #expect(await shell.session.run("100 usd eur") == .failed(3))
        #expect(shell.out.text.split(separator: "\n").count == 1)
        #expect(!shell.out.text.contains("\"error\""))
    }
}
