/// A provider that can answer "every publication since a day": the ECB's history files,
/// Frankfurter's time series, the Bank of Canada's Valet observations, Nasdaq Data Link's datasets.
public protocol HistorySource: Sendable {
    var id: SourceID { get }
    var name: String { get }
    /// Every publication from `start` to the latest (from the very first when `start` is nil),
    /// in one base currency. The source chooses the cheapest request that reaches back far enough.
    func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory
    /// Only the publications from `start` through `end`, for a history that lacks older days.
    func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory
    /// The earliest instant at which a publication newer than `day` can exist.
    func nextPublication(after day: Day) -> Date
    /// The source's first publication: a history reaching it is complete.
    var firstPublication: Day { get }
    /// Days before a question's day asked for too, so that the publication in force on it (the one
    /// before a weekend or holiday) comes along: for sources whose answers start exactly where asked.
    var lookBack: Int { get }
    /// Prices crypto assets (BTC…): the only sources asked for a history that holds one.
    var quotesAssets: Bool { get }
    /// Answers only when named (`--source coinbase`): a day at a time, it would answer a range with one day.
    var answersOnlyWhenNamed: Bool { get }
    /// Asked for a question's currencies only (Frankfurter's `quotes=`: all of its ~200 since 1999
    /// would be about 80 MiB): its history records which currencies it holds over which days.
    var asksByCurrency: Bool { get }
    /// How many days a currency's own last row stands for the days after it on which the source
    /// published others but not it (`CarriedRow`): 0 where a publication is one whole table.
    var carryForwardDays: Int { get }
    /// The published digits of a held rate (as `RatePrecision.significand`) when the source rounds
    /// it to fewer than `RatePrecision.enough`; nil when it carries enough. A history keeps only
    /// the value, so the source that knows its own rounding says it.
    func coarseSignificand(of rate: Decimal) -> Int?
    /// `quotes`' publications from `start` to the latest (`asksByCurrency` sources only).
    func fetchHistory(since start: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure) -> RateHistory
    /// `quotes`' publications from `start` through `end` only, for days older than those held
    /// (`asksByCurrency` sources only).
    func fetchHistory(from start: Day, through end: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure)
        -> RateHistory
}

extension HistorySource {
    /// The euro reference rates began on the first working day of 1999.
    public var firstPublication: Day { Day(year: 1999, month: 1, day: 4)! }

    /// The ECB's files and Frankfurter's series begin at or before the day asked.
    public var lookBack: Int { 0 }

    public var quotesAssets: Bool { false }
    public var answersOnlyWhenNamed: Bool { false }
    public var asksByCurrency: Bool { false }
    public var carryForwardDays: Int { 0 }
    public func coarseSignificand(of rate: Decimal) -> Int? { nil }

    /// Sources that cannot ask for some currencies bring them all.
    public func fetchHistory(since start: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure) -> RateHistory {
        try await fetchHistory(since: start, today: today)
    }

    /// Sources that cannot ask for some currencies bring them all.
    public func fetchHistory(from start: Day, through end: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure)
        -> RateHistory
    {
        try await fetchHistory(from: start, through: end, today: today)
    }

    /// Sources whose requests take no end date fetch since `start`: more than asked, which is harmless.
    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        try await fetchHistory(since: start, today: today)
    }
}
