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
    let store: any RateStore
    let clock: any WallClock
    let builtIn: BuiltInRates?
    let options: Options
    /// Whether a source may be asked now, and the record of every request; shared with the `HistoryService`.
    public nonisolated let discipline: RequestDiscipline
    var usage: any UsageStore { discipline.usage }
    var quotas: [SourceID: Int] { discipline.quotas }

    var stored: [SourceID: CachedRates]?
    /// The store's version when `stored` was read, and when it was last looked at.
    var storedVersion: StoreVersion?
    var storeLookedAt: Date?
    /// The currencies of the question being answered from a narrowed read (`focusedQuote`): a
    /// task-local, so that another question asked meanwhile (while a fetch is awaited) reads whole tables.
    @TaskLocal static var focus: Set<CurrencyCode>?
    /// The cache read for `focus` only, and the whole of that read, decoded when first needed.
    var narrowStored: [SourceID: CachedRates]?
    var storedWhole: (@Sendable () -> StoreContents)?
    /// Entries of the narrowed read not read yet: a one-shot answered by the ECB never reads
    /// the 219-currency blend's entry beside it.
    var narrowDeferred: [SourceID: @Sendable () -> CachedRates?] = [:]
    /// Whether the first question has been asked (the one read narrowed to its currencies).
    var focusTried = false
    /// Answers held from the narrowed read: widened to the whole table when asked again.
    var narrowResolved: Set<SourceID> = []
    var resolved: [SourceID: Resolved] = [:]
    var diagnostics: [Diagnostic] = []
    /// Cache files already reported as unreadable or unwritable: one warning per file and run,
    /// not one per source saved (a read-only directory fails every save alike).
    var reportedFiles: Set<String> = []
    /// Sources that failed with nothing to fall back on, and until when that answer stands
    /// (the same `BackOff` as across runs).
    var failedUntil: [SourceID: (until: Date, error: RateError)] = [:]
    /// The built-in table, parsed once, when it is needed.
    var builtInLatest: RateTable??

    struct Resolved {
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
    func focusedQuote(
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
    func held(_ id: SourceID) -> Resolved? {
        guard var hit = resolved[id] else { return nil }
        if Self.focus == nil, narrowResolved.remove(id) != nil, let whole = cached(id)?.table {
            hit.table = whole
            resolved[id] = hit
        }
        return hit
    }

    /// Reads the sources' tables in order (fetching as needed) and hands each to `LatestChoice`,
    /// which decides what answers; what is left here is the asking and the failures.
    func firstQuote(
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
    func unpriced(
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

    static func suggestsNoNetwork(_ failure: FetchFailure) -> Bool { RequestDiscipline.suggestsNoNetwork(failure) }

    /// The table a source is known to hold without asking it: this run's, the cache's, or the
    /// built-in one; nil when only asking would tell.
    func knownTable(_ source: any RateSource) -> RateTable? {
        held(source.id)?.table ?? cached(source.id)?.table ?? builtInTable(for: source)
    }

    /// A failed source's warning said its cached rates answered; another source's fresh rates did.
    func redirect(_ id: SourceID, to other: String) {
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

    func candidates(_ only: SourceID?) throws(RateError) -> [any RateSource] {
        guard let only else { return sources }
        return [try source(only)]
    }

    func source(_ id: SourceID) throws(RateError) -> any RateSource {
        guard let source = sources.first(where: { $0.id == id }) else { throw .unknownSource(id.rawValue) }
        return source
    }
}
