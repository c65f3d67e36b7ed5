/// Why a question about rates has no answer. Usage mistakes are caught before this, by the parser.
public enum RateError: Error, Sendable, Equatable {
    /// No enabled source publishes this currency; the sources asked, by name, for the sentence.
    case notCovered(CurrencyCode, sourceNames: [String])
    /// The source failed and nothing was cached to fall back on.
    case unavailable(source: SourceID, sourceName: String, failure: FetchFailure)
    /// `--offline` with nothing cached and no built-in rates for the source.
    case offlineWithoutData(SourceID)
    /// A snapshot holds no rates of the source: its latest table was not saved, or (`history`) the
    /// history cache it refers to no longer holds that source's history.
    case notInSnapshot(SourceID, snapshot: String, history: Bool)
    /// The source published the currency until `last` and no longer does (BGN, 2025-12-31: the
    /// euro replaced it), as its history shows.
    case retired(CurrencyCode, last: Day, sourceName: String)
    /// A currency no table here holds (not the built-in rates, not the cache) while the source
    /// that would have it cannot be asked: offline (`failure` nil), or failing. Fetched once, it is kept.
    case neverFetched(CurrencyCode, source: SourceID, failure: FetchFailure?)
    /// The source asked for the currency in its last fetch and could not price it (`failure`):
    /// that fetch kept its other prices (`PartialFetch`), and nothing else here prices this one.
    case notPriced(CurrencyCode, source: SourceID, sourceName: String, failure: FetchFailure)
    case unknownSource(String)
    /// `refresh` was asked for while `--offline` forbids the network.
    case offlineRefresh
    case history(HistoryError)
    /// `--source` named a source that keeps no history, for a dated question or `history`.
    case noHistory(SourceID, keeping: [SourceID])
    /// A known source that the configuration (or a missing key) has switched off.
    case sourceDisabled(SourceID)
    /// Every source (with `history`, every one that keeps a history) is switched off.
    case noEnabledSource(history: Bool)
    /// `sources enable|disable|order` could not write the config file.
    case configUnwritable(String)
}

/// Why a question about a past day has no answer.
public enum HistoryError: Error, Sendable, Equatable {
    /// The source's rates begin after the day asked for.
    case beforeFirstPublication(Day, first: Day, sourceName: String)
    /// The day lies before what is held of the source's history (`held`), and the rest has not
    /// been fetched: only the built-in rates (`builtIn`), or a part of the history, are here.
    case notFetched(Day, held: ClosedRange<Day>, builtIn: Bool, sourceName: String)
    /// The currency has rates only within `span`.
    case outsideCurrencyRange(CurrencyCode, asked: Day, span: ClosedRange<Day>, sourceName: String)
    /// The currency had no rates for a stretch around the day (ISK, 2008-12-10 to 2018-01-31).
    case currencyGap(CurrencyCode, asked: Day, lastBefore: Day, nextAfter: Day, sourceName: String)
    /// The history held (after asking, when online) covers only part of the period asked (`period`,
    /// as the user named it; its days when nil); `--partial` takes what is held.
    case periodNotHeld(PeriodCoverage, period: String?, builtIn: Bool, offline: Bool, sourceName: String)
    /// No day in the range has rates for both currencies.
    case noCommonDays(CurrencyCode, CurrencyCode, ClosedRange<Day>)
    /// A named rule has no answer for the day (`--rule pl-nbp`): never another publication's.
    case rule(RuleMiss)
    /// No source held answers with the currency, and the one that may publish it could not be
    /// asked (offline, or it failed): it has never been fetched for the day, which is not to say
    /// that nobody publishes it.
    case currencyNotFetched(CurrencyCode, day: Day?, sourceName: String, failure: FetchFailure?)
}
