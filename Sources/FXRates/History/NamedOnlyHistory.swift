/// A source's history asked only when a question names it (`--rule pl-nbp` names `nbp`): the
/// institutions off by default, which a rule must read as `--source` does, yet which must not
/// answer a dated question that names no source.
/// Built only when asked: most runs ask no history, and building one parses its URL (about 4,000
/// instructions a source, on every one-shot start).
public struct NamedOnlyHistory: HistorySource {
    public let id: SourceID
    private let make: @Sendable () -> (any HistorySource)?

    public init(id: SourceID, make: @escaping @Sendable () -> (any HistorySource)?) {
        self.id = id
        self.make = make
    }

    /// The source itself; a description without a history wires none, and then nothing is fetched.
    private var wrapped: any HistorySource { make() ?? Unwired(id: id) }

    public var name: String { wrapped.name }
    public var firstPublication: Day { wrapped.firstPublication }
    public var lookBack: Int { wrapped.lookBack }
    public var quotesAssets: Bool { wrapped.quotesAssets }
    public var carryForwardDays: Int { wrapped.carryForwardDays }
    public func coarseSignificand(of rate: Decimal) -> Int? { wrapped.coarseSignificand(of: rate) }
    public var answersOnlyWhenNamed: Bool { true }
    public var asksByCurrency: Bool { wrapped.asksByCurrency }

    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        try await wrapped.fetchHistory(since: start, today: today)
    }

    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        try await wrapped.fetchHistory(from: start, through: end, today: today)
    }

    public func fetchHistory(since start: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure) -> RateHistory {
        try await wrapped.fetchHistory(since: start, today: today, quotes: quotes)
    }

    public func fetchHistory(from start: Day, through end: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure)
        -> RateHistory
    {
        try await wrapped.fetchHistory(from: start, through: end, today: today, quotes: quotes)
    }

    public func nextPublication(after day: Day) -> Date { wrapped.nextPublication(after: day) }
}

extension NamedOnlyHistory {
    /// What stands in for a description whose history closure gives none: it fetches nothing.
    struct Unwired: HistorySource {
        let id: SourceID
        var name: String { id.rawValue }
        func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
            throw .malformed("\(id) keeps no history")
        }
        func nextPublication(after day: Day) -> Date { .distantFuture }
    }
}
