import FXCommands
import FXRates
import FXAnswers
import FXRender
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Dates in words through a session on a fixed clock (2026-10-30, a Friday, 17:00 UTC) and the
/// real ECB history: the answer says what day they meant, in text (a note on stderr) and JSON;
/// a future day or range is refused; `set date_order` settles `01/10/2026`.
@Suite struct DateMeaningSessionTests {
    private func session(json: Bool = false) -> (Session, StringOutput, StringOutput) {
        let clock = FixedClock(ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!)
        let service = RateService(
            sources: [HelpExamplesRunTests.BuiltInSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        let history = HistoryService(
            sources: [HelpExamplesRunTests.UnaskedHistory()], store: MemoryHistoryStore([HelpExamplesRunTests.history]), clock: clock)
        let executor = Executor(service: service, history: history, clock: clock)
        let out = StringOutput(), err = StringOutput()
        let session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: json, style: Style(color: false), forPerson: false), out: out, err: err)
        return (session, out, err)
    }

    @Test(arguments: [
        ("100 usd in eur yesterday", "yesterday = 2026-10-29"), ("100 usd eur last friday", "last friday = 2026-10-23"),
        ("rate usd eur on 2 days ago", "2d ago = 2026-10-28"), ("100 usd eur 1 march 2024", "1 march 2024 = 2024-03-01"),
        ("100 usd eur on march 1, 2024", "march 1, 2024 = 2024-03-01"), ("rate usd eur 01/15/2024", "01/15/2024 = 2024-01-15"),
        ("100 usd + 10 eur in gbp last week", "last week = 2026-10-23"), ("usd eur today", "today = 2026-10-30"),
        ("rate usd eur 3 weeks ago", "21d ago = 2026-10-09"), ("100 usd eur last month", "last month = 2026-09-30"),
    ])
    func theAnswerSaysWhatDayTheWordsMeant(line: String, note: String) async {
        let (session, out, err) = session()
        #expect(await session.run(line) == .ok, "\(line): \(err.text)")
        #expect(!out.text.isEmpty)
        #expect(err.text.split(separator: "\n").first.map(String.init) == "note: " + note, "\(line)")
    }

    @Test
    func jsonSaysItToo() async throws {
        let (session, out, _) = session(json: true)
        #expect(await session.run("100 usd in eur yesterday") == .ok)
        let object = try #require(jsonAnswer(out.text))
        #expect(object["date_typed"] as? String == "yesterday")
        #expect(object["date_meant"] as? String == "2026-10-29")
        #expect(object["as_of"] as? String == "2026-10-29")
    }

    @Test
    func aDayWrittenInDigitsNeedsNoNote() async {
        let (session, _, err) = session()
        #expect(await session.run("100 usd eur 2026-10-29") == .ok)
        #expect(err.text.isEmpty)
    }

    @Test(arguments: [
        "100 usd eur 2030-01-01", "100 usd in eur on 1 jan 2030", "rate usd eur 12/31/2026", "history usd eur 2030",
        "history usd eur from 1 dec 2026", "rate usd eur avg 2027",
    ])
    func theFutureIsRefused(line: String) async {
        let (session, _, err) = session()
        #expect(await session.run(line) == .failed(2), "\(line)")
        #expect(err.text.contains("is in the future"), "\(line): \(err.text)")
    }

    @Test
    func theDateOrderSettingSettlesASlashDate() async {
        let (session, _, err) = session()
        #expect(await session.run("100 usd eur on 01/10/2026") == .failed(2))
        #expect(err.text.contains("Is '01/10/2026' 2026-10-01 (day first) or 2026-01-10 (month first)?"), "\(err.text)")
        #expect(await session.run("set date_order dmy") == .ok)
        err.clear()
        #expect(await session.run("100 usd eur on 01/10/2026") == .ok)
        #expect(err.text.hasPrefix("note: 01/10/2026 = 2026-10-01"), "\(err.text)")
        #expect(await session.run("set date_order mdy") == .ok)
        err.clear()
        #expect(await session.run("100 usd eur 01/10/2026") == .ok)
        #expect(err.text.hasPrefix("note: 01/10/2026 = 2026-01-10"), "\(err.text)")
    }

    @Test
    func historyTakesAYearAndLastMonth() async {
        let (session, out, err) = session()
        #expect(await session.run("history usd eur 2024 --csv") == .ok, "\(err.text)")
        let days = out.text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").first }
        #expect(days.first == "2024-01-02")
        #expect(days.last == "2024-12-31")
        out.clear()
        #expect(await session.run("history usd eur last month --csv") == .ok, "\(err.text)")
        let september = out.text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").first }
        #expect(september.first == "2026-09-01")
        #expect(september.last == "2026-09-30")
    }
}
