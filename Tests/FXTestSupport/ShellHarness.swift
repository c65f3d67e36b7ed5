import FXCommands
import FXRates
import FXAnswers
import FXRender
import FXShell
import Foundation

/// A source that always answers with the ECB table of Friday 2026-10-30 (no KWD).
public struct FixedTableSource: RateSource {
    public static let day = Day(year: 2026, month: 10, day: 30)!
    public static let table = RateTable(
        base: .eur, date: day,
        rates: [
            CurrencyCode("USD")!: Decimal(exactly: "1.1172")!,
            CurrencyCode("JPY")!: Decimal(exactly: "175.68")!,
            CurrencyCode("GBP")!: Decimal(exactly: "0.8338")!,
        ])

    public let id = SourceID.ecb
    public let name = "European Central Bank"
    /// When the next table is due, counted from the start (UTC) of the table's day.
    public var nextPublicationOffset: TimeInterval
    /// When set, every fetch fails so.
    public var failure: FetchFailure?

    public init(nextPublicationOffset: TimeInterval = 86_400 + 15 * 3600, failure: FetchFailure? = nil) {
        self.nextPublicationOffset = nextPublicationOffset
        self.failure = failure
    }

    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        if let failure { throw failure }
        return .fetched(Self.table, Validators())
    }

    public func nextPublication(after day: Day) -> Date {
        day.startUTC + nextPublicationOffset
    }
}

/// A session over the fixed table with its output captured, at 2026-10-30T17:00:00Z.
public struct ShellHarness {
    public static let now = ISO8601DateFormatter().date(from: "2026-10-30T17:00:00Z")!

    public let clock = FixedClock(now)
    public let out: StringOutput
    public let err: StringOutput
    public let service: RateService
    public let executor: Executor
    public let session: Session

    public init(
        json: Bool = false, forPerson: Bool = false, maxAge: TimeInterval? = nil,
        source: any RateSource = FixedTableSource(), sources: [any RateSource]? = nil, cached: [CachedRates] = [],
        quickLane: Bool = false,
        out: StringOutput = StringOutput(), err: StringOutput = StringOutput()
    ) {
        self.out = out
        self.err = err
        service = RateService(sources: sources ?? [source], store: MemoryRateStore(cached), clock: clock, usage: MemoryUsageStore())
        executor = Executor(service: service, clock: clock, options: Executor.Options(maxAge: maxAge))
        let clock = clock
        session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: json, style: Style(color: false), forPerson: forPerson),
            out: out, err: err, quickLane: quickLane ? QuickLane(clock: clock) : nil)
    }
}
