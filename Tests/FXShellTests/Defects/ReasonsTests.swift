import FXAnswers
import FXCommands
import FXEngine
import FXRates
import FXRender
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Issue 24 §2.7 and §2.9: the reason given is the true one, and a price file writes the pairs
/// that have rates and names the ones that have none.
@Suite("Reasons said as they are")
struct ReasonsTests {
    static let clock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!)

    /// A text session answering from snapshot `s1`, whose history mark is `lastDay`, over `history`.
    static func snapshotSession(lastDay: Day, history: MemoryHistoryStore) -> (Session, StringOutput, StringOutput) {
        let snapshot = Snapshot(
            name: SnapshotName("s1")!, savedAt: clock.now(),
            latest: [.ecb: CachedRates(source: .ecb, table: BuiltInRates.ecb.latest, fetchedAt: clock.now())],
            history: [.ecb: Snapshot.HistoryMark(lastDay: lastDay, checkedAt: clock.now())])
        let setup = SourceSetup.answering(
            from: snapshot, sources: [HelpExamplesRunTests.BuiltInSource()], historySources: [HelpExamplesRunTests.UnaskedHistory()],
            history: history)
        let executor = Executor(service: setup.service, history: setup.history, clock: clock, answering: snapshot)
        let out = StringOutput(), err = StringOutput()
        let session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: false), out: out, err: err)
        return (session, out, err)
    }

    @Test func aSnapshotWhoseHistoryIsGoneSaysSoNotOffline() async {
        let (session, _, err) = Self.snapshotSession(lastDay: day("2026-10-30"), history: MemoryHistoryStore())
        #expect(await session.run("100 usd eur on 2026-10-29") == .failed(1))
        // Main: "No cached rates for ecb and --offline forbids fetching them." with no --offline given.
        #expect(!err.text.contains("--offline"), "\(err.text)")
        #expect(err.text.hasPrefix("fx: Snapshot 's1' refers to the ecb history cache, which no longer holds it"), "\(err.text)")
    }

    @Test func aSnapshotAnswersTheDayOfItsLatestTable() async {
        // Saved after a refresh brought 2026-10-30 but before the history was asked again.
        let (session, out, err) = Self.snapshotSession(
            lastDay: day("2026-10-29"), history: MemoryHistoryStore([HelpExamplesRunTests.history]))
        #expect(await session.run("rate usd eur on 2026-10-30") == .ok)
        // Main: "note: no rates on 2026-10-30; the rates of 2026-10-29 answered", though the ECB published that day.
        #expect(err.text == "", "\(err.text)")
        #expect(out.text.hasPrefix("1 USD = 0.895095 EUR"), "\(out.text)")
    }

    @Test func aRetiredCurrencyIsSaidRetiredWithItsLastDay() async {
        let fx = CalculatorOracleTests.session(json: false)
        #expect(await fx.session.run("100 bgn eur") == .failed(1))
        // Main: "No rate for BGN: it is not published by European Central Bank."
        #expect(
            fx.err.text
                == "fx: No rate for BGN: European Central Bank retired it; its last rate was published on 2025-12-31. "
                + "Ask about a day up to then, as in: 100 bgn eur on 2025-12-31.\n")
        // A currency never published is still "not published".
        let other = CalculatorOracleTests.session(json: false)
        _ = await other.session.run("100 kwd eur")
        #expect(other.err.text.contains("not published"), "\(other.err.text)")
    }

    @Test func aPriceFileWritesThePairsThatHaveRatesAndNamesTheRest() async {
        let fx = CalculatorOracleTests.session(json: false)
        let status = await fx.session.run("history eur aud,isk from 2014-02-01 to 2014-08-20 --ledger")
        // Partial output: status 1, as a CSV with bad rows (main wrote nothing).
        #expect(status == .failed(1))
        let lines = fx.out.text.split(separator: "\n")
        #expect(lines.contains("P 2014-02-03 EUR 1.5346 AUD"), "\(lines.prefix(3))")
        #expect(!lines.contains { $0.contains("ISK") && $0.hasPrefix("P ") })
        #expect(fx.err.text.hasPrefix("fx: written without EUR/ISK, which had no rates over those days"), "\(fx.err.text)")
        // None with rates: the error as before, nothing written.
        let none = CalculatorOracleTests.session(json: false)
        #expect(await none.session.run("history eur isk,isk from 2014-02-01 to 2014-08-20 --ledger") != .ok)
    }
}
