/// The one place that decides where a rate comes from: memory, the cache, a fresh fetch, or
/// the built-in snapshot. Every answer carries its provenance; every problem it recovered from
/// becomes a `Diagnostic` for the shell to print.
public actor RateService {
    /// How this run may use the network.
    public struct Options: Sendable {
        /// Never touch the network.
        public var offline = false
        /// After a publication was due and the source still had nothing newer, ask again this much later.
        public var recheckInterval: TimeInterval = 15 * 60
        /// Data whose schedule cannot be trusted (dated after today) is kept this long.
        public var fallbackTTL: TimeInterval = 24 * 3600
        /// Offline because these services answer from this snapshot, not because of `--offline`:
        /// what is missing is then said as missing from the snapshot.
        public var snapshot: String?

        public init(offline: Bool = false, snapshot: String? = nil) {
            self.offline = offline || snapshot != nil
            self.snapshot = snapshot
        }

        /// Nothing held of `source` and no network to ask: the reason as the user caused it.
        func nothingHeld(_ source: SourceID, history: Bool) -> RateError {
            snapshot.map { .notInSnapshot(source, snapshot: $0, history: history) } ?? .offlineWithoutData(source)
        }
    }

    let sources: [any RateSource]
    private let store: any RateStore
    let clock: any WallClock
    private let builtIn: BuiltInRates?
    private let options: Options
    /// Whether a source may be asked now, and the record of every request; shared with the `HistoryService`.
    public nonisolated let discipline: RequestDiscipline
    var usage: any UsageStore { discipline.usage }
    var quotas: [SourceID: Int] { discipline.quotas }

    private var stored: [SourceID: CachedRates]?
    /// The store's version when `stored` was read, and when it was last looked at.
    private var storedVersion: StoreVersion?
    private var storeLookedAt: Date?
    /// The currencies of the question being answered from a narrowed read (`focusedQuote`): a
    /// task-local, so that another question asked meanwhile (while a fetch is awaited) reads whole tables.
    @TaskLocal private static var focus: Set<CurrencyCode>?
    /// The cache read for `focus` only, and the whole of that read, decoded when first needed.
    private var narrowStored: [SourceID: CachedRates]?
    private var storedWhole: (@Sendable () -> StoreContents)?
    /// Entries of the narrowed read not read yet: a one-shot answered by the ECB never reads
    /// the 219-currency blend's entry beside it.
    private var narrowDeferred: [SourceID: @Sendable () -> CachedRates?] = [:]
    /// Whether the first question has been asked (the one read narrowed to its currencies).
    private var focusTried = false
    /// Answers held from the narrowed read: widened to the whole table when asked again.
    private var narrowResolved: Set<SourceID> = []
    private var resolved: [SourceID: Resolved] = [:]
    private var diagnostics: [Diagnostic] = []
    /// Cache files already reported as unreadable or unwritable: one warning per file and run,
    /// not one per source saved (a read-only directory fails every save alike).
    private var reportedFiles: Set<String> = []
    /// Sources that failed with nothing to fall back on, and until when that answer stands
    /// (the same `BackOff` as across runs).
    private var failedUntil: [SourceID: (until: Date, error: RateError)] = [:]
    /// The built-in table, parsed once, when it is needed.
    private var builtInLatest: RateTable??

    private struct Resolved {
        var table: RateTable
        var provenance: Provenance
        /// Until then this run answers from memory without looking at the source again.
        var validUntil: Date
        /// Kept after a failed fetch (or a quota stop): another source with fresh data is preferred.
        var degraded = false
    }

    /// `sources` in the order they are asked; `builtIn` answers for its source when nothing else
    /// can; `usage` counts every request made, against `quotas`; `describe` words a failure for it.
    public init(
        sources: [any RateSource], store: any RateStore, clock: any WallClock,
        builtIn: BuiltInRates? = nil, options: Options = Options(),
        usage: any UsageStore, quotas: [SourceID: Int] = [:],
        describe: @escaping @Sendable (FetchFailure) -> String = { String(describing: $0) }
    ) {
        self.sources = sources
        self.store = store
        self.clock = clock
        self.builtIn = builtIn
        self.options = options
        self.discipline = RequestDiscipline(usage: usage, quotas: quotas, describe: describe)
    }

    /// Source ids in the order they are asked.
    public nonisolated var sourceIDs: [SourceID] { sources.map(\.id) }
    /// Their names, for sentences.
    public nonisolated var sourceNames: [SourceID: String] {
        Dictionary(sources.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every currency the cached tables of the sources asked cover (their bases too), sorted:
    /// what TAB offers. Read from the store at each call, not from what this run holds, so a
    /// refresh made since (here or by another fx) counts; nothing is fetched, nothing reported.
    public nonisolated func cachedCurrencies() -> [CurrencyCode] {
        let entries = store.load().entries
        var codes = Set<CurrencyCode>()
        for id in sourceIDs { codes.formUnion(entries[id]?.table.currencies ?? []) }
        return codes.sorted()
    }

    /// Problems recovered from since the last call, oldest first.
    public func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// How many units of `to` one unit of `from` buys: from the first source (of `only`, or all in
    /// order) whose latest table has both currencies, precisely enough, and is not a fallback after
    /// a failure; else from such a fallback (unless only the built-in snapshot, and a coarse rate
    /// was fetched or cached); else crossed through a currency two sources share; else from a
    /// coarse rate, said in a `.coarseRate` diagnostic unless `disclose` is false.
    ///
    /// A source whose table (held, cached or built in) is known to lack `from` or `to` is asked
    /// only when no source can quote the pair directly, for a cross rate. The failures met are
    /// said in one diagnostic (`FailureSummary`).
    public func quote(from: CurrencyCode, to: CurrencyCode, only: SourceID? = nil, disclose: Bool = true) async throws(RateError) -> Quote {
        let start = diagnostics.count
        var unanswered: [FailedSource] = []
        let quote: Quote
        do {
            if let focused = await focusedQuote(from: from, to: to, only: only, unanswered: &unanswered) {
                quote = focused
            } else {
                quote = try await firstQuote(from: from, to: to, only: only, disclose: disclose, unanswered: &unanswered)
            }
        } catch {
            // Its one line says what failed and what to do; the built-in rates' warning would only distract.
            if case .neverFetched = error { diagnostics.removeSubrange(start...) }
            // The fetch's own warning would say the same as the error, a line before it.
            if case .notPriced(_, let id, _, _) = error, let said = diagnostics.lastIndex(where: { $0.isPartlyPriced(id) }), said >= start {
                diagnostics.remove(at: said)
            }
            throw error
        }
        // A peg against its own anchor (or two pegs to one anchor) is the law, not the built-in table looked at on the way.
        if quote.provenance.source == Pegs.source, quote.secondLeg.map({ $0.source == Pegs.source }) ?? true {
            diagnostics.removeSubrange(start...)
            return quote
        }
        FailureSummary.combine(
            &diagnostics, since: start, unanswered: unanswered,
            answer: (quote.provenance.source, quote.provenance.sourceName), order: sourceIDs)
        return quote
    }

    /// The first question of a run reads the cache for its two currencies only: with a blend of 219
    /// currencies cached, reading every row cost a one-shot 4.25 M of its 5.76 M instructions
    /// (callgrind, Benchmarks/frankfurter.py; Benchmarks/README.md, "Frankfurter v2", has the
    /// figures read this way). Only a direct answer from one table's two rows stands; a cross, a
    /// peg through its anchor, a coarse rate or a failure is asked again (nil) of the whole cache,
    /// so the answer is always the one the whole tables give. Held tables are widened when asked again.
    private func focusedQuote(
        from: CurrencyCode, to: CurrencyCode, only: SourceID?, unanswered: inout [FailedSource]
    ) async -> Quote? {
        guard !focusTried, stored == nil, storedWhole == nil, resolved.isEmpty else { return nil }
        focusTried = true
        var failed: [FailedSource] = []
        // A pegged row needs its anchor's (`PeggedRow`), which this read lacks: such a pair is asked again of the whole cache.
        let quote = await Self.$focus.withValue([from, to]) {
            try? await firstQuote(from: from, to: to, only: only, disclose: false, unanswered: &failed)
        }
        guard let quote, quote.secondLeg == nil, quote.via == nil, quote.coarse == nil, quote.provenance.source != Pegs.source
        else { return nil }
        unanswered = failed
        return quote
    }

    /// What this run holds of a source; one held from the narrowed read gets its whole table.
    private func held(_ id: SourceID) -> Resolved? {
        guard var hit = resolved[id] else { return nil }
        if Self.focus == nil, narrowResolved.remove(id) != nil, let whole = cached(id)?.table {
            hit.table = whole
            resolved[id] = hit
        }
        return hit
    }

    /// Reads the sources' tables in order (fetching as needed) and hands each to `LatestChoice`,
    /// which decides what answers; what is left here is the asking and the failures.
    private func firstQuote(
        from: CurrencyCode, to: CurrencyCode, only: SourceID?, disclose: Bool, unanswered: inout [FailedSource]
    ) async throws(RateError) -> Quote {
        var firstFailure: RateError?
        var choice = LatestChoice(from: from, to: to)
        let all = try candidates(only)
        // Judged as each source's turn comes, not all first: a source answering before another is
        // judged spares reading that one's cached table (the blend beside the ECB's).
        var lacking: [any RateSource] = []
        for pass in 0..<2 {
            // Sources known to lack the pair serve only a cross rate, when nothing quotes it directly.
            if pass == 1, !choice.wantsCross { break }
            for source in pass == 0 ? all : lacking {
                if pass == 0, choice.lacks(pricesMove: source.pricesMove, known: knownTable(source)) {
                    lacking.append(source)
                    continue
                }
                let table: RateTable, provenance: Provenance
                do { (table, provenance) = try await latest(source) } catch {
                    if case .unavailable(let id, let name, let failure) = error {
                        unanswered.append(FailedSource(source: id, sourceName: name, failure: failure))
                    }
                    firstFailure = firstFailure ?? error
                    continue
                }
                if case .answer(let quote, let passedOver) = choice.consider(
                    table, provenance, source: source, degraded: resolved[source.id]?.degraded == true)
                {
                    for skipped in passedOver { redirect(skipped, to: source.name) }
                    return quote
                }
            }
        }
        if let (quote, passedOver) = choice.finish(pegs: only == nil) {
            if let passedOver { redirect(passedOver, to: quote.provenance.sourceName) }
            if disclose, let rate = quote.coarse { diagnostics.append(.coarseRate(rate)) }
            return quote
        }
        let answered = choice.answered
        // A source asked for it in its last fetch and could not: why is the answer, before any other failure.
        if let unpriced = unpriced([from, to], answered: answered, among: all) { throw unpriced }
        if let firstFailure {
            // Built-in or cached rates answered, without this currency: it must be fetched once.
            if !answered.isEmpty, let missing = [from, to].first(where: { code in !answered.contains { $0.table.covers(code) } }) {
                switch firstFailure {
                case .offlineWithoutData(let id): throw .neverFetched(missing, source: id, failure: nil)
                case .unavailable(let id, _, let failure): throw .neverFetched(missing, source: id, failure: failure)
                default: break
                }
            }
            throw firstFailure
        }
        let names = try candidates(only).map(\.name)
        // Name the currency that is missing; if both are, the first one.
        for code in [from, to] where !(answered.contains { $0.table.covers(code) }) {
            throw .notCovered(code, sourceNames: names)
        }
        throw .notCovered(to, sourceNames: names)
    }

    /// The first of `codes` that no table answered prices and that the last fetch of one of
    /// `sources` asked for in vain, as that source's error; nil when there is none.
    private func unpriced(
        _ codes: [CurrencyCode], answered: [(table: RateTable, provenance: Provenance)], among sources: [any RateSource]
    ) -> RateError? {
        for code in codes where !answered.contains(where: { $0.table.covers(code) }) {
            for source in sources {
                guard let failure = cached(source.id)?.gap(code) else { continue }
                return .notPriced(code, source: source.id, sourceName: source.name, failure: failure)
            }
        }
        return nil
    }

    /// The rows of the fetch `provenance` names that `quote(only:)` answers every pair of directly
    /// (script mode's fast lane learns them): its source is held, fresh and not degraded, and each
    /// source before it is known by a table that asking it would not replace before `validUntil`.
    /// A pair of these rows is answered from them exactly when no earlier source's table has both
    /// (`firstQuote` skips it without asking); ISO codes only (no exchange price), no coarse row,
    /// no row a peg sets. Nil when anything is uncertain.
    public func directRows(of provenance: Provenance, only: SourceID?) -> DirectRows? {
        let start = diagnostics.count
        guard let all = try? candidates(only), let position = all.firstIndex(where: { $0.id == provenance.source }),
            let hit = held(provenance.source), !hit.degraded, clock.now() < hit.validUntil,
            hit.provenance.fetchedAt == provenance.fetchedAt, hit.provenance.origin == provenance.origin
        else { return nil }
        var earlier: [(source: SourceID, currencies: [CurrencyCode], provenance: Provenance?)] = []
        var until = hit.validUntil
        for source in all[..<position] {
            guard let table = knownTable(source), let kept = knownUntil(source) else { return nil }
            earlier.append((source.id, table.currencies, resolved[source.id]?.provenance))
            until = min(until, kept)
        }
        // Reading the cache just now said something: the general path says it, and answers.
        guard diagnostics.count == start else { return nil }
        var rows: [CurrencyCode: Decimal] = [:]
        for code in hit.table.currencies
        where CurrencyCatalog.standard.contains(code) && hit.table.coarse[code] == nil && Pegs.pegRow(code, in: hit.table) == nil {
            rows[code] = hit.table.unitsPerBase(code)
        }
        return DirectRows(provenance: hit.provenance, rows: rows, earlier: earlier, validUntil: until)
    }

    /// Until when `latest` answers for `source` from the table it is known by (`knownTable`), so
    /// that its currencies stay what they are; nil when asking it now may fetch another.
    private func knownUntil(_ source: any RateSource) -> Date? {
        let now = clock.now()
        if let hit = held(source.id) { return now < hit.validUntil ? hit.validUntil : nil }
        if options.offline { return .distantFuture }
        guard let entry = cached(source.id) else { return nil }
        let until = currentUntil(entry, source: source, now: now)
        return now < until ? until : nil
    }

    /// The provenance of a rate made from the rows of `codes`: dated by the older row (a table whose
    /// rows carry their own dates is not one publication), and saying how a blend made them.
    static func rows(
        _ codes: [CurrencyCode], of table: RateTable, _ provenance: Provenance, source: (any RateSource)? = nil
    ) -> Provenance {
        let basis = source.map { $0.basis(of: codes, in: table) } ?? table.blendBasis(of: codes)
        guard !table.rowDates.isEmpty || basis != nil else { return provenance }
        var provenance = provenance
        provenance.date = table.date(of: codes)
        provenance.basis = basis
        for code in codes where code != table.base {
            provenance.rows[code] = RowSource(day: table.date(of: code), institutions: table.contributors[code])
        }
        return provenance
    }

    static func suggestsNoNetwork(_ failure: FetchFailure) -> Bool { RequestDiscipline.suggestsNoNetwork(failure) }

    /// The table a source is known to hold without asking it: this run's, the cache's, or the
    /// built-in one; nil when only asking would tell.
    private func knownTable(_ source: any RateSource) -> RateTable? {
        held(source.id)?.table ?? cached(source.id)?.table ?? builtInTable(for: source)
    }

    /// A failed source's warning said its cached rates answered; another source's fresh rates did.
    private func redirect(_ id: SourceID, to other: String) {
        guard
            let index = diagnostics.lastIndex(where: {
                if case .fetchFailed(id, _, _, _) = $0 { return true } else { return false }
            }), case .fetchFailed(_, let name, let failure, _) = diagnostics[index]
        else { return }
        diagnostics[index] = .fetchFailed(source: id, sourceName: name, failure: failure, fallback: .otherSource(other))
    }

    /// The latest table of the first source (of `only`, or in order) that answers.
    /// With `covering`, the first whose table prices that currency (`rate twd` needs one that has TWD).
    public func latestTable(only: SourceID? = nil, covering code: CurrencyCode? = nil) async throws(RateError) -> (RateTable, Provenance) {
        var firstFailure: RateError?
        let start = diagnostics.count
        var unanswered: [FailedSource] = []
        for source in try candidates(only) {
            do {
                let answer = try await latest(source)
                if let code, !answer.0.covers(code) { continue }
                FailureSummary.combine(
                    &diagnostics, since: start, unanswered: unanswered,
                    answer: (answer.1.source, answer.1.sourceName), order: sourceIDs)
                return answer
            } catch {
                if case .unavailable(let id, let name, let failure) = error {
                    unanswered.append(FailedSource(source: id, sourceName: name, failure: failure))
                }
                firstFailure = firstFailure ?? error
            }
        }
        if let code {
            if let unpriced = unpriced([code], answered: [], among: try candidates(only)) { throw unpriced }
            throw firstFailure ?? .notCovered(code, sourceNames: try candidates(only).map(\.name))
        }
        throw firstFailure ?? .noEnabledSource(history: false)
    }

    /// Fetches now, whatever the schedule says (but not before a `Retry-After`, nor past a quota),
    /// and reports what changed, one report per source in the order asked.
    /// `force`: asked even within a server's `Retry-After` (`refresh --force`).
    public func refresh(only ids: [SourceID] = [], force: Bool = false) async throws(RateError) -> [RefreshReport] {
        guard !options.offline else { throw .offlineRefresh }
        var seen = Set<SourceID>()
        let chosen = ids.isEmpty ? sources : try ids.filter { seen.insert($0).inserted }.map { id throws(RateError) in try source(id) }
        // Every source is asked at once; the answers are then taken in order, one at a time.
        var asked: [(source: any RateSource, before: CachedRates?)] = []
        var refused: [Int: FetchFailure] = [:]
        let now = clock.now()
        for (index, source) in chosen.enumerated() {
            asked.append((source, cached(source.id)))
            if let refusal = discipline.refusal(source.id, at: now, explicit: true, force: force) { refused[index] = refusal.failure }
        }
        let answers = await withTaskGroup(of: (Int, FetchAttempt<FetchOutcome>).self) { group in
            for (index, item) in asked.enumerated() where refused[index] == nil {
                let validators = item.before?.validators
                let source = item.source
                // The do/catch lives in a function, not in this closure: in release builds
                // (Swift 6.3) the closure's (index, result) arrived corrupted when a cached
                // table was being replaced, and `refresh` reported a good answer as no rates.
                group.addTask { (index, await Self.answer(of: source, validators: validators)) }
            }
            var answers: [Int: FetchAttempt<FetchOutcome>] = [:]
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        var reports: [RefreshReport] = []
        for (index, item) in asked.enumerated() {
            let outcome: FetchResult
            if let failure = refused[index] {
                outcome = .failed(failure)
            } else {
                let answer = answers[index] ?? FetchAttempt(result: .failure(.noRates), requests: 0)
                outcome = accept(answer, from: item.source, previous: item.before, now: clock.now())
            }
            // Later questions in this run must see what was just fetched, not an older answer.
            if let entry = outcome.entry { _ = rememberFetched(item.source, entry) }
            reports.append(
                RefreshReport(source: item.source.id, sourceName: item.source.name, previous: item.before?.table, outcome: outcome))
        }
        return reports
    }

    private static func answer(of source: any RateSource, validators: Validators?) async -> FetchAttempt<FetchOutcome> {
        await RequestCount.counting { () async throws(FetchFailure) in try await source.fetchLatest(validators: validators) }
    }

    // MARK: - Deciding where a table comes from

    private func latest(_ source: any RateSource) async throws(RateError) -> (RateTable, Provenance) {
        let now = clock.now()
        noticeOtherWriters(at: now)
        if let hit = held(source.id), now < hit.validUntil { return (hit.table, hit.provenance) }
        if let failed = failedUntil[source.id], now < failed.until { throw failed.error }
        let entry = cached(source.id)
        if let entry, options.offline {
            let superseded = now.timeIntervalSince(source.nextPublication(after: entry.table))
            // An hour of grace: the ECB's "around 16:00" is often a few minutes later.
            if superseded > 3600 {
                diagnostics.append(.staleData(sourceName: source.name, date: entry.table.date, supersededFor: superseded))
            }
            return remember(source, entry.table, origin: .cache, fetchedAt: entry.checkedAt, until: .distantFuture)
        }
        if let entry {
            let until = currentUntil(entry, source: source, now: now)
            if now < until { return remember(source, entry.table, origin: .cache, fetchedAt: entry.checkedAt, until: until) }
        }
        if options.offline {
            guard let builtIn = builtInTable(for: source) else { throw options.nothingHeld(source.id, history: false) }
            diagnostics.append(.usingBuiltIn(builtIn.date))
            return remember(source, builtIn, origin: .builtIn, fetchedAt: nil, until: .distantFuture)
        }
        // Near a plan's monthly limit, automatic fetches stop (what is left is for `refresh`); a
        // server that asked for time gets it, and a source that just failed is left alone for a
        // while (`BackOff`): no request before then, the usual fallbacks meanwhile.
        var heldAfterTimeout = false
        let result: FetchResult
        switch discipline.refusal(source.id, at: now) {
        case .quota(let failure):
            // The cache only: the built-in rates are for a source that cannot answer, not one that may not.
            return try fallBack(after: failure, source, cached: entry, builtIn: false, until: .distantFuture, degraded: true).get()
        case .waiting(let failure, let afterTimeout):
            result = .failed(failure)
            heldAfterTimeout = afterTimeout
        case nil:
            result = await fetch(source, previous: entry)
        }
        switch result {
        case .updated(let fresh), .unchanged(let fresh):
            return rememberFetched(source, fresh)
        case .failed(let failure):
            let retry = discipline.nextAttempt(source.id, after: failure, now: clock.now())
            // A source that answered wrongly gives way to the next one; after a timeout the
            // network itself is likely down, and waiting out every other source's deadline too
            // would hold the answer for minutes (also while that timeout holds the source back).
            let giveWay = !Self.suggestsNoNetwork(failure) && !heldAfterTimeout
            switch fallBack(after: failure, source, cached: entry, builtIn: true, until: retry, degraded: giveWay) {
            case .success(let answer): return answer
            case .failure(let error):
                // Nothing to fall back on: remember the failure, so the next question in this run
                // does not send (and count) the same doomed request again.
                failedUntil[source.id] = (retry, error)
                throw error
            }
        }
    }

    /// After a failed fetch: the cached table, else (with `builtIn`) the compiled-in one, held
    /// until `until` and said in a diagnostic; else the error.
    private func fallBack(
        after failure: FetchFailure, _ source: any RateSource, cached entry: CachedRates?, builtIn: Bool,
        until: Date, degraded: Bool
    ) -> Result<(RateTable, Provenance), RateError> {
        let chosen = FetchFallback.after(
            failure, source: source.id, sourceName: source.name,
            cached: entry.map { ($0.table, $0.table.date, $0.checkedAt) },
            builtIn: { builtIn ? builtInTable(for: source).map { ($0, $0.date) } : nil })
        return chosen.map { fallback in
            diagnostics.append(fallback.diagnostic)
            return remember(
                source, fallback.table, origin: fallback.origin, fetchedAt: fallback.checkedAt,
                until: until, degraded: degraded)
        }
    }

    /// Asks the source (conditionally when we hold validators) and stores what is new.
    private func fetch(_ source: any RateSource, previous: CachedRates?) async -> FetchResult {
        let now = clock.now()
        let validators = previous?.validators
        let answer = await RequestCount.counting { () async throws(FetchFailure) in
            try await source.fetchLatest(validators: validators)
        }
        return accept(answer, from: source, previous: previous, now: now)
    }

    /// Takes a source's answer: counts the requests it sent, and stores what is new.
    private func accept(
        _ answer: FetchAttempt<FetchOutcome>, from source: any RateSource,
        previous: CachedRates?, now: Date
    ) -> FetchResult {
        let outcome: FetchOutcome
        let requests = answer.requests
        switch answer.result {
        case .success(let value):
            outcome = value
        case .failure(let error):
            return .failed(discipline.recordFailure(error, requests: requests, for: source.id, at: now, answeredAt: clock.now()))
        }
        // Answers refused below were still requests made.
        func refused(_ failure: FetchFailure) -> FetchResult {
            discipline.recordRefusedAnswer(failure, requests: requests, for: source.id, at: now)
            return .failed(failure)
        }
        var entry: CachedRates
        let changed: Bool
        switch outcome {
        case .notModified:
            guard var kept = previous else { return refused(.httpStatus(304)) }
            kept.checkedAt = now
            entry = kept
            changed = false
        case .fetched(let table, let validators):
            // A publication dated after tomorrow in Frankfurt is not a real one.
            if table.date > CentralEuropeanTime.day(at: now).adding(days: 1) { return refused(.futureDate(table.date)) }
            if let previous, previous.table.date > table.date {
                // An older table than ours (a lagging mirror): keep ours, but note that we asked.
                entry = previous
                entry.checkedAt = now
                changed = false
            } else {
                changed = previous?.table.rates != table.rates || previous?.table.date != table.date
                var table = table
                // Keep the table this one replaces, for the change `rate` shows; a source that
                // states its previous close has set it already.
                if table.previous == nil, let older = previous?.table {
                    table.previous = older.date < table.date ? PreviousRates(date: older.date, rates: older.rates) : older.previous
                }
                entry = CachedRates(
                    source: source.id, table: table,
                    fetchedAt: changed ? now : (previous?.fetchedAt ?? now),
                    checkedAt: now, validators: validators, gaps: answer.gaps.filter { !table.covers($0.code) })
                // Said once, when fetched; kept with the table for the question that asks for one of them.
                if !entry.gaps.isEmpty { diagnostics.append(.partlyPriced(source: source.id, sourceName: source.name, gaps: entry.gaps)) }
            }
        }
        widenStored()
        stored?[source.id] = entry
        do { try store.save(entry) } catch {
            if reportedFiles.insert(error.path).inserted {
                diagnostics.append(.cacheWriteFailed(path: error.path, reason: error.reason))
            }
        }
        discipline.recordAnswer(changed: changed, requests: requests, for: source.id, at: now)
        return changed ? .updated(entry) : .unchanged(entry)
    }

    /// Holds what a fetch just produced. The fetch took time: the entry is judged against the
    /// clock after it, not before (else a fresh check time looks like a clock that moved back).
    private func rememberFetched(_ source: any RateSource, _ entry: CachedRates) -> (RateTable, Provenance) {
        remember(
            source, entry.table, origin: .network, fetchedAt: entry.checkedAt,
            until: currentUntil(entry, source: source, now: clock.now()))
    }

    /// The compiled-in table, when there is one for this source (parsed on first use).
    private func builtInTable(for source: any RateSource) -> RateTable? {
        guard let builtIn, builtIn.source == source.id else { return nil }
        if let parsed = builtInLatest { return parsed }
        let table = builtIn.latest
        builtInLatest = .some(table)
        return table
    }

    private func currentUntil(_ entry: CachedRates, source: any RateSource, now: Date) -> Date {
        Freshness.validUntil(
            lastDay: entry.table.date, publishedAt: entry.table.publishedAt, checkedAt: entry.checkedAt,
            due: source.nextPublication(after: entry.table), now: now,
            recheckInterval: options.recheckInterval, fallbackTTL: options.fallbackTTL)
    }

    private func remember(
        _ source: any RateSource, _ table: RateTable, origin: Provenance.Origin,
        fetchedAt: Date?, until: Date, degraded: Bool = false
    ) -> (RateTable, Provenance) {
        var provenance = Provenance(
            source: source.id, sourceName: source.name, date: table.date,
            fetchedAt: fetchedAt, origin: origin,
            supersededAt: source.nextPublication(after: table))
        if source.pricesMove { provenance.pricedAt = table.publishedAt }
        resolved[source.id] = Resolved(table: table, provenance: provenance, validUntil: until, degraded: degraded)
        if Self.focus != nil, origin == .cache, narrowStored != nil {
            narrowResolved.insert(source.id)
        } else {
            narrowResolved.remove(source.id)
        }
        return (table, provenance)
    }

    /// A long session (a script, the prompt) sees a refresh another fx made: when the cache has
    /// been replaced since it was read, what this run holds from it is read again. Looked at once
    /// a second at most (a stat), so a million-line script pays nothing to speak of.
    private func noticeOtherWriters(at now: Date) {
        guard stored != nil || storedWhole != nil else { return }
        if let lookedAt = storeLookedAt, now >= lookedAt, now.timeIntervalSince(lookedAt) < 1 { return }
        storeLookedAt = now
        guard let version = store.version(), version != storedVersion else { return }
        stored = nil
        storedWhole = nil
        narrowStored = nil
        narrowDeferred = [:]
        narrowResolved = []
        // Answers held in memory are derived again, from the new file and the same freshness
        // rules (this run's own saves count as changes too: the file may hold others' entries
        // since); failures and waits stay as they were.
        resolved = [:]
    }

    /// The narrowed read made whole: the same bytes decoded whole, as if read whole then.
    private func widenStored() {
        guard stored == nil, let narrowStored else { return }
        let contents = storedWhole?() ?? StoreContents(entries: narrowStored)
        self.narrowStored = nil
        narrowDeferred = [:]
        storedWhole = nil
        stored = contents.entries
        diagnostics.append(contentsOf: contents.diagnostics)
        for case .cacheUnreadable(let path, _) in contents.diagnostics { reportedFiles.insert(path) }
    }

    func cached(_ id: SourceID) -> CachedRates? {
        if stored == nil, narrowStored != nil, Self.focus != nil {
            if let read = narrowDeferred.removeValue(forKey: id) {
                guard let entry = read() else {
                    widenStored()
                    return stored?[id]
                }
                narrowStored?[id] = entry
            }
            return narrowStored?[id]
        }
        widenStored()
        if stored == nil {
            storedVersion = store.version()
            storeLookedAt = clock.now()
            let contents = Self.focus.map { store.load(keeping: $0) } ?? store.load()
            if let whole = contents.whole {
                narrowStored = contents.entries
                narrowDeferred = contents.deferred
                storedWhole = whole
                return cached(id)
            }
            stored = contents.entries
            diagnostics.append(contentsOf: contents.diagnostics)
            for case .cacheUnreadable(let path, _) in contents.diagnostics { reportedFiles.insert(path) }
        }
        return stored?[id]
    }

    private func candidates(_ only: SourceID?) throws(RateError) -> [any RateSource] {
        guard let only else { return sources }
        return [try source(only)]
    }

    private func source(_ id: SourceID) throws(RateError) -> any RateSource {
        guard let source = sources.first(where: { $0.id == id }) else { throw .unknownSource(id.rawValue) }
        return source
    }
}

/// The result of asking a source, as `refresh` reports it.
public enum FetchResult: Sendable, Equatable {
    case updated(CachedRates)
    /// The source had nothing newer (a 304 or the same table): the request was wasted.
    case unchanged(CachedRates)
    case failed(FetchFailure)

    /// What the source holds now, unless the fetch failed.
    public var entry: CachedRates? {
        switch self {
        case .updated(let entry), .unchanged(let entry): entry
        case .failed: nil
        }
    }
}

/// One source's part of a `refresh`: the table it held before, and what asking it gave.
public struct RefreshReport: Sendable, Equatable {
    public let source: SourceID
    public let sourceName: String
    public let previous: RateTable?
    public let outcome: FetchResult

    public init(source: SourceID, sourceName: String, previous: RateTable?, outcome: FetchResult) {
        self.source = source
        self.sourceName = sourceName
        self.previous = previous
        self.outcome = outcome
    }
}

/// One source as `sources` shows it.
public struct SourceStatus: Sendable, Equatable {
    public let id: SourceID
    public let name: String
    /// From the cache: the base, how many currencies, the date, when fetched.
    public let table: RateTable?
    public let fetchedAt: Date?
    /// When a newer publication is expected.
    public let nextExpected: Date?
    public let usage: SourceUsage?
    public let quota: Int?

    public init(id: SourceID, name: String, table: RateTable?, fetchedAt: Date?, nextExpected: Date?, usage: SourceUsage?, quota: Int?) {
        self.id = id
        self.name = name
        self.table = table
        self.fetchedAt = fetchedAt
        self.nextExpected = nextExpected
        self.usage = usage
        self.quota = quota
    }
}

extension RateService {
    /// What is known of every source asked, without asking any of them.
    public func status() -> [SourceStatus] {
        let now = clock.now()
        let records = usage.load()
        return sources.map { source in
            let entry = cached(source.id)
            return SourceStatus(
                id: source.id, name: source.name, table: entry?.table, fetchedAt: entry?.checkedAt,
                nextExpected: entry.map { source.nextPublication(after: $0.table) },
                usage: records[source.id]?.current(at: now), quota: quotas[source.id])
        }
    }
}
