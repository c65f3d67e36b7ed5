import FXCommands
import FXRates
import FXRender
import FXShell
import Foundation
import FXTestSupport
import Synchronization
import Testing

/// A terminal that records what the board draws, and whose waits move a fake clock on: the
/// board's timing is tested in simulated hours.
final class FakeWatchScreen: WatchScreen, @unchecked Sendable {
    let clock: FixedClock
    /// Events to give, in order; once they run out, each wait sleeps to its deadline, until `leaveAt`.
    var events: [WatchEvent]
    var leaveAt: Date
    var size: (columns: Int, rows: Int) = (100, 20)
    private(set) var frames: [(lines: [String], clear: Bool)] = []
    private(set) var began = false, ended = false
    private(set) var waits = 0

    init(clock: FixedClock, events: [WatchEvent] = [], leaveAfter seconds: TimeInterval = 0) {
        self.clock = clock
        self.events = events
        leaveAt = clock.now() + seconds
    }

    func begin() -> Bool {
        began = true
        return true
    }

    func end() { ended = true }

    func draw(_ lines: [String], clear: Bool) { frames.append((lines, clear)) }

    func wait(until deadline: Date) -> WatchEvent {
        waits += 1
        if !events.isEmpty { return events.removeFirst() }
        if clock.now() >= leaveAt { return .key }
        clock.set(max(clock.now(), min(deadline, leaveAt)))
        return .timeout
    }
}

/// A source whose table changes at every request, counted: the request budget is read off it.
final class CountingSource: RateSource, Sendable {
    let id = SourceID("moving")
    let name = "Moving Prices"
    let clock: FixedClock
    private let requests = Mutex(0)

    init(clock: FixedClock) { self.clock = clock }

    var count: Int { requests.withLock { $0 } }

    func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let n = requests.withLock { count in
            count += 1
            return count
        }
        let day = CentralEuropeanTime.day(at: clock.now())
        return .fetched(RateTable(base: .eur, date: day, rates: [CurrencyCode("USD")!: Decimal(1100 + n) / 1000]), Validators())
    }

    /// Always due: only the service's recheck interval spaces its requests.
    func nextPublication(after day: Day) -> Date { .distantPast }
}

/// `watch` and conditions through a session, with a fake terminal and a fake clock.
@Suite("Watch")
struct WatchSessionTests {
    /// A session over `harness`'s executor drawing on `screen` (nil: the line form, sleeping on the fake clock).
    static func session(_ harness: ShellHarness, screen: FakeWatchScreen?, registry: SourceRegistry = .standard) -> Session {
        let clock = harness.clock
        return Session(
            parser: Parser(), executor: harness.executor, clock: clock,
            presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: screen != nil),
            out: harness.out, err: harness.err,
            watch: WatchSetup(
                screen: { screen }, registry: registry,
                sleep: { seconds in
                    clock.advance(by: seconds)
                    return true
                }))
    }

    @Test
    func theBoardDrawsEachPairAndLeavesOnAKeyWithTheTerminalGivenBack() async {
        let harness = ShellHarness()
        let screen = FakeWatchScreen(clock: harness.clock, leaveAfter: 130)
        #expect(await Self.session(harness, screen: screen).run("watch usd jpy, gbp usd") == .ok)
        #expect(screen.began && screen.ended)
        let first = screen.frames[0].lines
        #expect(first[0].hasPrefix("fx watch · every 1m · any key leaves"))
        #expect(first[0].hasSuffix("2026-10-30T17:00:00Z"))
        #expect(first.contains { $0.hasPrefix("USD/JPY   157.25  ") && $0.contains("European Central Bank · 2026-10-30") }, "\(first)")
        #expect(first.contains { $0.hasPrefix("GBP/USD") && $0.contains("1.33989") })
        // Refreshed at 0, 60 and 120 s, and drawn again every 5 s between for the ages.
        #expect(screen.frames.last?.lines[0].hasSuffix("2026-10-30T17:02:10Z") == true)
        #expect(harness.out.text == "")
    }

    @Test
    func aResizeRedrawsTheBoardClearedAtTheNewWidth() async {
        let harness = ShellHarness()
        let screen = FakeWatchScreen(clock: harness.clock, events: [.resize, .key])
        let session = Self.session(harness, screen: screen)
        screen.size = (30, 10)
        #expect(await session.run("watch usd jpy") == .ok)
        #expect(screen.frames.count == 2)
        #expect(screen.frames[1].clear)
        #expect(screen.frames[1].lines.allSatisfy { DisplayWidth.of($0) <= 30 })
    }

    /// The config's `watch_every` paces a board without `--every`; `--every` wins over it.
    @Test
    func theConfiguredIntervalPacesABoardWithoutEvery() async {
        for (line, every) in [("watch usd jpy --count 3", 40.0), ("watch usd jpy --count 3 --every 10", 10)] {
            let harness = ShellHarness()
            let clock = harness.clock
            let session = Session(
                parser: Parser(), executor: harness.executor, clock: clock,
                presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: false),
                out: harness.out, err: harness.err,
                watch: WatchSetup(
                    every: 40,
                    sleep: { seconds in
                        clock.advance(by: seconds)
                        return true
                    }))
            #expect(await session.run(line) == .ok)
            #expect(clock.now() == ShellHarness.now + 2 * every, "\(line)")
        }
    }

    @Test
    func ctrlCLeavesWithStatus130() async {
        let harness = ShellHarness()
        let screen = FakeWatchScreen(clock: harness.clock, events: [.interrupt])
        #expect(await Self.session(harness, screen: screen).run("watch usd jpy") == .failed(130))
        #expect(screen.ended)
    }

    @Test
    func outsideATerminalItPrintsALinePerPairPerRefreshAndStopsAfterCount() async {
        let harness = ShellHarness()
        #expect(await Self.session(harness, screen: nil).run("watch usd jpy, eur gbp --every 30s --count 3") == .ok)
        let lines = harness.out.text.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0] == "2026-10-30T17:00:00Z USD/JPY 157.25 n/a (n/a) ecb 0s")
        #expect(lines[5] == "2026-10-30T17:01:00Z EUR/GBP 0.8338 n/a (n/a) ecb 60s")
        #expect(harness.err.text == "")
    }

    @Test
    func withJSONEachRefreshIsAnObjectPerPair() async {
        let harness = ShellHarness()
        let clock = harness.clock
        let session = Session(
            parser: Parser(), executor: harness.executor, clock: clock,
            presentation: Session.Presentation(json: true, style: Style(color: false), forPerson: false),
            out: harness.out, err: harness.err,
            watch: WatchSetup(sleep: { seconds in
                clock.advance(by: seconds)
                return true
            }))
        #expect(await session.run("watch usd jpy --count 2") == .ok)
        let lines = harness.out.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.allSatisfy { $0.hasPrefix(#"{"schema_version":1,"base":"USD","rates":[{"quote":"JPY","rate":"157.250268528""#) },
            "\(lines)")
    }

    @Test
    func untilEndsTheWatchOnceTheConditionHolds() async {
        let harness = ShellHarness()
        #expect(await Self.session(harness, screen: nil).run("watch usd jpy --until usd jpy > 150") == .ok)
        #expect(harness.out.text.hasSuffix("1 USD = 157.25 JPY > 150: true\n"))
        let never = ShellHarness()
        #expect(await Self.session(never, screen: nil).run("watch usd jpy --count 2 --until usd jpy > 200") == .ok)
        #expect(!never.out.text.contains("true"))
        #expect(never.out.text.split(separator: "\n").count == 2)
    }

    /// Issue 32: a watch whose every refresh failed exits 1, as the question alone would; a
    /// board, gone when it ends, leaves the reason on stderr. One refresh that priced is enough for 0.
    @Test
    func aWatchWhoseEveryRefreshFailedExits1() async {
        let down = ShellHarness(source: FixedTableSource(failure: .httpStatus(500)))
        #expect(await Self.session(down, screen: nil).run("watch usd jpy --count 2") == .failed(1))
        #expect(down.out.text == "")
        #expect(
            down.err.text.split(separator: "\n").filter { $0.hasPrefix("fx: USD/JPY: No rates available: ") }.count == 2, "\(down.err.text)"
        )

        let board = ShellHarness(source: FixedTableSource(failure: .httpStatus(500)))
        let screen = FakeWatchScreen(clock: board.clock, leaveAfter: 130)
        #expect(await Self.session(board, screen: screen).run("watch usd jpy") == .failed(1))
        #expect(screen.ended)
        #expect(board.err.text.hasPrefix("fx: USD/JPY: No rates available: European Central Bank: "), "\(board.err.text)")

        let some = ShellHarness()
        #expect(await Self.session(some, screen: nil).run("watch usd jpy, usd kwd --count 2") == .ok)
        #expect(some.err.text.contains("fx: USD/KWD: "))
    }

    @Test
    func untilThatCannotBeJudgedEndsWithStatus2() async {
        let harness = ShellHarness()
        #expect(await Self.session(harness, screen: nil).run("watch usd jpy --until usd kwd > 1") == .failed(2))
        #expect(harness.err.text.contains("KWD"))
    }

    /// An hour of a board asking every 10 s sends at most one request per refresh, and a
    /// source's monthly allowance holds a faster `--every` back.
    @Test
    func theRequestBudgetHoldsOverAnHour() async {
        let clock = FixedClock(ShellHarness.now)
        for (line, quotas, most) in [
            ("watch eur usd --every 10s", [SourceID: Int](), 361), ("watch eur usd", [:], 61),
            ("watch eur usd --every 1s", [SourceID("moving"): 1000], 2),
        ] {
            clock.set(ShellHarness.now)
            let source = CountingSource(clock: clock)
            var options = RateService.Options()
            options.recheckInterval = 1
            let service = RateService(
                sources: [source], store: MemoryRateStore(), clock: clock, options: options, usage: MemoryUsageStore(), quotas: quotas)
            let out = StringOutput(), err = StringOutput()
            let session = Session(
                parser: Parser(), executor: Executor(service: service, clock: clock), clock: clock,
                presentation: Session.Presentation(json: false, style: Style(color: false), forPerson: true), out: out, err: err,
                watch: WatchSetup(screen: { FakeWatchScreen(clock: clock, leaveAfter: 3600) }))
            #expect(await session.run(line) == .ok)
            #expect(source.count <= most, "\(line): \(source.count) requests")
            #expect(source.count >= most - 1, "\(line): \(source.count) requests")
        }
    }

    /// Between refreshes the board sleeps: over an hour at 60 s, a wait per refresh and per
    /// redraw of the ages (every 5 s), not a loop that spins.
    @Test
    func theBoardWaitsRatherThanSpins() async {
        let harness = ShellHarness()
        let screen = FakeWatchScreen(clock: harness.clock, leaveAfter: 3600)
        #expect(await Self.session(harness, screen: screen).run("watch usd jpy") == .ok)
        #expect(screen.waits <= 3600 / 5 + 1)
    }

    @Test(arguments: [
        ("usd jpy > 150", Session.LineResult.ok, "1 USD = 157.25 JPY > 150: true\n"),
        ("usd jpy >= 157.25", .ok, "1 USD = 157.25 JPY >= 157.25: true\n"),
        ("usd jpy < 150", .failed(1), "1 USD = 157.25 JPY < 150: false\n"),
        ("usd jpy = 157.25", .ok, "1 USD = 157.25 JPY = 157.25: true\n"),
        ("usd jpy != 157.25", .failed(1), "1 USD = 157.25 JPY != 157.25: false\n"),
        ("eur usd > 1.1", .ok, "1 EUR = 1.1172 USD > 1.1: true\n"),
        ("usd kwd > 1", .failed(2), ""),
        ("usd krx > 1", .failed(2), ""),
    ])
    func aConditionExits0WhenTrue1WhenFalse2OnError(line: String, result: Session.LineResult, printed: String) async {
        let harness = ShellHarness()
        #expect(await harness.session.run(line) == result)
        #expect(harness.out.text == printed)
        if case .failed(2) = result { #expect(harness.err.text.hasPrefix("fx: ")) }
    }

    @Test
    func aConditionInJSONSaysWhetherItHolds() async {
        let harness = ShellHarness(json: true)
        #expect(await harness.session.run("usd jpy < 150") == .failed(1))
        #expect(harness.out.text.contains(#""comparison":"<","threshold":"150","holds":false"#))
    }

    /// Script mode: the status of the first line that is not true, so a script of conditions
    /// exits 0 only when all of them hold.
    @Test
    func aScriptOfConditionsExitsWithTheFirstThatFails() async {
        for (lines, status) in [
            (["usd jpy > 150", "eur usd > 1"], Int32(0)), (["usd jpy > 150", "usd jpy > 200", "usd kwd > 1"], 1),
            (["usd kwd > 1", "usd jpy > 200"], 2),
        ] {
            let harness = ShellHarness()
            #expect(await Modes.script(ScriptedLines(lines), session: harness.session, failFast: false) == status)
        }
    }
}
