import FXCommands
import FXRates
import FXAnswers
import FXRender
import FXShell
import FXTestSupport
import Foundation
import Testing

/// A source that always answers with the ECB table of Friday 2026-10-30 (no KWD).
struct FixedTableSource: RateSource {
    static let day = Day(year: 2026, month: 10, day: 30)!
    static let table = RateTable(
        base: .eur, date: day,
        rates: [
            CurrencyCode("USD")!: Decimal(exactly: "1.1172")!,
            CurrencyCode("JPY")!: Decimal(exactly: "175.68")!,
            CurrencyCode("GBP")!: Decimal(exactly: "0.8338")!,
        ])

    let id = SourceID.ecb
    let name = "European Central Bank"
    /// When the next table is due, counted from the start (UTC) of the table's day.
    var nextPublicationOffset: TimeInterval = 86_400 + 15 * 3600
    /// When set, every fetch fails so.
    var failure: FetchFailure?

    func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        if let failure { throw failure }
        return .fetched(Self.table, Validators())
    }

    func nextPublication(after day: Day) -> Date {
        day.startUTC + nextPublicationOffset
    }
}

/// A session over the fixed table with its output captured, at 2026-10-30T17:00:00Z.
struct ShellHarness {
    static let now = ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!

    let clock = FixedClock(now)
    let out = StringOutput()
    let err = StringOutput()
    let service: RateService
    let executor: Executor
    let session: Session

    init(
        json: Bool = false, forPerson: Bool = false, maxAge: TimeInterval? = nil,
        source: FixedTableSource = FixedTableSource(), cached: [CachedRates] = [], quickLane: Bool = false
    ) {
        service = RateService(sources: [source], store: MemoryRateStore(cached), clock: clock, usage: MemoryUsageStore())
        executor = Executor(service: service, clock: clock, options: Executor.Options(maxAge: maxAge))
        let clock = clock
        session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: json, style: Style(color: false), forPerson: forPerson),
            out: out, err: err, quickLane: quickLane ? QuickLane(clock: clock) : nil)
    }
}

extension ShellHarness {
    /// `lines` run as a script through the general path and through the quick lane; the lane's
    /// session, once both printed the same bytes on stdout and stderr with the same status.
    static func quickMatchesGeneral(_ lines: [String]) async -> ShellHarness {
        let general = ShellHarness()
        let generalStatus = await Modes.script(ScriptedLines(lines), session: general.session, failFast: false)
        let quick = ShellHarness(quickLane: true)
        let quickStatus = await Modes.script(ScriptedLines(lines), session: quick.session, failFast: false)
        #expect(quick.out.text == general.out.text)
        #expect(quick.err.text == general.err.text)
        #expect(quickStatus == generalStatus)
        return quick
    }
}
