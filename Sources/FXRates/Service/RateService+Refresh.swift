extension RateService {
    /// Fetches now, whatever the schedule says (but not before a `Retry-After`, nor past a quota),
    /// and reports what changed, one report per source in the order asked.
    public func refresh(only ids: [SourceID] = []) async throws(RateError) -> [RefreshReport] {
        guard !options.offline else { throw .offlineRefresh }
        var seen = Set<SourceID>()
        let chosen = ids.isEmpty ? sources : try ids.filter { seen.insert($0).inserted }.map { id throws(RateError) in try source(id) }
        // Every source is asked at once; the answers are then taken in order, one at a time.
        var asked: [(source: any RateSource, before: CachedRates?)] = []
        var refused: [Int: FetchFailure] = [:]
        let now = clock.now()
        for (index, source) in chosen.enumerated() {
            asked.append((source, cached(source.id)))
            if let refusal = discipline.refusal(source.id, at: now, explicit: true) { refused[index] = refusal.failure }
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

    static func answer(of source: any RateSource, validators: Validators?) async -> FetchAttempt<FetchOutcome> {
        FetchProgress.watcher?.asking(source.name)
        return await RequestCount.counting { () async throws(FetchFailure) in try await source.fetchLatest(validators: validators) }
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
