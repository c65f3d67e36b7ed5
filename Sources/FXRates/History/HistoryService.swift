/// Answers questions about past days: a pair through time, and rates on a given date.
/// It keeps each source's history current the way `RateService` keeps the latest rates:
/// no request before a newer publication can exist, the full history fetched once, then
/// only the recent part; failures fall back to what is held, with a diagnostic.
public actor HistoryService {
    /// The same freshness rules as the latest rates: offline, recheck interval, fallback TTL.
    public typealias Options = RateService.Options

    let sources: [any HistorySource]
    let store: any HistoryStore
    let clock: any WallClock
    let builtIn: BuiltInRates?
    let options: Options
    /// Whether a source may be asked now, and the record of every request: the latest rates' own.
    let discipline: RequestDiscipline
    /// The newest latest table held of a source and when it came (`refresh`'s), if any: a newer
    /// publication than the history's last ends the history's freshness at once.
    let newestLatest: @Sendable (SourceID) -> (day: Day, fetchedAt: Date)?

    var held: [SourceID: Held] = [:]
    var diagnostics: [Diagnostic] = []
    /// Failures in a row this run, by source, for `BackOff` (also when usage cannot be recorded).
    var failures: [SourceID: Int] = [:]
    /// History files already reported as unreadable or unwritable: one warning per file and run,
    /// however often the file is read again or written.
    var reportedFiles: Set<String> = []

    struct Held {
        var entry: CachedHistory
        /// The currencies read from disk; nil when all are.
        var columns: Set<CurrencyCode>?
        var origin: Provenance.Origin
        /// After a failed fetch: no new attempt before this.
        var retryAt: Date?
    }

    /// `sources` in the order they are asked; `builtIn` (the ECB snapshot) answers when every one fails;
    /// `discipline` (the `RateService`'s) decides whether a source may be asked and records each request.
    public init(
        sources: [any HistorySource], store: any HistoryStore, clock: any WallClock,
        builtIn: BuiltInRates? = nil, options: Options = Options(),
        discipline: RequestDiscipline = RequestDiscipline(usage: NoUsageStore()),
        newestLatest: @escaping @Sendable (SourceID) -> (day: Day, fetchedAt: Date)? = { _ in nil }
    ) {
        self.newestLatest = newestLatest
        self.sources = sources
        self.store = store
        self.clock = clock
        self.builtIn = builtIn
        self.options = options
        self.discipline = discipline
    }

    /// Problems recovered from since the last call, oldest first.
    public func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    // MARK: - Questions

    /// `from` → `to` as published on `day`, or on the last publication before it.
    /// `strictlyBefore`: the publication before `day`, never `day`'s own (`--rule previous-business-day`).
    public func quote(
        from: CurrencyCode, to: CurrencyCode, on day: Day, strictlyBefore: Bool = false, only: SourceID? = nil
    ) async throws(RateError) -> Quote {
        let (history, provenance, index) = try await publication(
            on: day, strictlyBefore: strictlyBefore, needing: Self.withAnchors([from, to]), only: only)
        let quote = try DatedQuote(source: historySource(provenance.source)).quote(
            from: from, to: to, in: history, at: index, asked: day, strictlyBefore: strictlyBefore, publication: provenance)
        if let coarse = quote.coarse { diagnostics.append(.coarseRate(coarse)) }
        return quote
    }

    /// The whole table published on `day` (or the last publication before it), each row carried
    /// within its source's window where the source dates rows one by one.
    public func table(on day: Day, strictlyBefore: Bool = false, only: SourceID? = nil) async throws(RateError) -> (RateTable, Provenance) {
        let (history, provenance, index) = try await publication(on: day, strictlyBefore: strictlyBefore, needing: nil, only: only)
        return (CarriedRow.table(of: history, at: index, window: carryForwardDays(of: provenance.source)), provenance)
    }

    /// The history source of `id`, if this service asks it.
    nonisolated func historySource(_ id: SourceID) -> (any HistorySource)? { sources.first { $0.id == id } }

    /// Whether `id`'s history sets pegged currencies' rows by their pegs (`HistorySource.appliesPegs`).
    public nonisolated func appliesPegs(of id: SourceID) -> Bool { historySource(id)?.appliesPegs ?? false }

    /// `codes` and the anchors of those pegged: a pegged row is read as its peg times its anchor's.
    public static func withAnchors(_ codes: Set<CurrencyCode>) -> Set<CurrencyCode> {
        codes.union(codes.compactMap { Pegs.peg(of: $0)?.anchor })
    }

    /// How long a currency's own row stands for the days after it in `id`'s history (`HistorySource.carryForwardDays`).
    public nonisolated func carryForwardDays(of id: SourceID) -> Int { historySource(id)?.carryForwardDays ?? 0 }

    /// `base` in `quote` on every publication within `range` (from the first ever when nil), with how
    /// much of the range is held; unless `partial`, a range not wholly held (after asking) is an error.
    public func pair(
        base: CurrencyCode, quote: CurrencyCode, range: ClosedRange<Day>?, only: SourceID? = nil, partial: Bool = true
    ) async throws(RateError) -> PairHistory {
        let (entry, provenance) = try await history(reaching: range?.lowerBound, needing: Self.withAnchors([base, quote]), only: only)
        let history = entry.history
        guard let first = history.first, let last = history.last else {
            throw .history(.noCommonDays(base, quote, range ?? provenance.date...provenance.date))
        }
        let requested = range ?? first...last
        let points = PairSeries.points(
            base: base, quote: quote, in: history, over: requested, pegs: historySource(provenance.source)?.appliesPegs ?? false)
        let coverage = coverage(of: range, in: entry, provenance: provenance, points: points)
        if !partial, !coverage.isComplete {
            // The error says what is held: a warning that the history begins later would repeat it.
            diagnostics.removeAll { if case .partialHistory = $0 { true } else { false } }
            throw .history(
                .periodNotHeld(
                    coverage, period: nil, builtIn: provenance.origin == .builtIn, offline: options.offline,
                    sourceName: provenance.sourceName))
        }
        guard let last = points.last else { throw .history(.noCommonDays(base, quote, requested)) }
        var stamped = Provenance(
            source: provenance.source, sourceName: provenance.sourceName, date: last.day,
            fetchedAt: provenance.fetchedAt, origin: provenance.origin)
        stamped.coverage = coverage
        stamped.dailyClose = provenance.dailyClose
        return PairHistory(base: base, quote: quote, points: points, requested: requested, provenance: stamped, pivot: history.base)
    }

    /// How much of `range` (every publication to date when nil) `entry` holds: see `PeriodCoverage`.
    func coverage(of range: ClosedRange<Day>?, in entry: CachedHistory, provenance: Provenance, points: [RatePoint])
        -> PeriodCoverage
    {
        let now = clock.now()
        let today = CentralEuropeanTime.day(at: now)
        let source = sources.first { $0.id == provenance.source }
        let sourceFirst = source?.firstPublication ?? entry.history.first ?? today
        var current = false
        if let source, let last = entry.history.last {
            let due = source.nextPublication(after: last)
            // The built-in rates were never checked: current only while nothing newer is due.
            current =
                provenance.origin == .builtIn
                ? now < due
                : now
                    < Freshness.validUntil(
                        lastDay: last, checkedAt: entry.checkedAt, due: due, now: now, recheckInterval: options.recheckInterval,
                        fallbackTTL: options.fallbackTTL)
        }
        let held = entry.history.first.flatMap { first in entry.history.last.map { first...$0 } }
        return PeriodCoverage(
            asked: range ?? min(sourceFirst, today)...today, today: today, held: held, fromFirst: entry.complete, current: current,
            sourceFirst: sourceFirst, days: points.count, first: points.first?.day, last: points.last?.day)
    }

    /// When a source held here stopped publishing `code` though it went on publishing others
    /// (BGN after 2025-12-31): the last day and the source's name, from the history already held,
    /// with no source asked; nil when nothing held says so.
    public func retirement(of code: CurrencyCode) -> (last: Day, sourceName: String)? {
        for source in sources {
            guard let held = loaded(source, needing: [code]), let span = held.entry.history.span(of: code),
                let last = held.entry.history.last, span.upperBound < last
            else { continue }
            return (span.upperBound, source.name)
        }
        return nil
    }

    func publication(on day: Day, strictlyBefore: Bool = false, needing codes: Set<CurrencyCode>?, only: SourceID?)
        async throws(RateError) -> (RateHistory, Provenance, Int)
    {
        let latest = strictlyBefore ? day.adding(days: -1) : day
        let (entry, provenance) = try await history(reaching: latest, needing: codes, only: only)
        guard let index = entry.history.index(onOrBefore: latest) else {
            let first = entry.history.first ?? day
            // What is held begins later than the source's rates do (the built-in snapshot, or a part
            // fetched): say that the rest is missing here, not that the source has no earlier rates.
            if provenance.origin == .builtIn || !entry.complete {
                // The error says it all: a warning that the history held begins later would repeat it.
                diagnostics.removeAll { if case .partialHistory = $0 { true } else { false } }
                throw .history(
                    .notFetched(
                        day, held: first...(entry.history.last ?? first), builtIn: provenance.origin == .builtIn,
                        sourceName: provenance.sourceName))
            }
            throw .history(.beforeFirstPublication(day, first: first, sourceName: provenance.sourceName))
        }
        let used = entry.history.days[index]
        var dated = Provenance(
            source: provenance.source, sourceName: provenance.sourceName, date: used,
            fetchedAt: provenance.fetchedAt, origin: provenance.origin)
        // Under the previous-business-day rule the day used is never the day asked: that is the rule, not a gap.
        if used != day { dated.requested = day }
        dated.previousBusinessDay = strictlyBefore
        dated.dailyClose = provenance.dailyClose
        return (entry.history, dated, index)
    }
}
