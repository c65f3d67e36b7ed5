/// What answers after a source failed to: what is cached, else the rates built into fx, with the
/// warning that says which; with neither, the failure is the question's error. The one rule for
/// the latest rates (`RateService`) and the history (`HistoryService`).
struct FetchFallback<Table> {
    let table: Table
    /// `.cache` or `.builtIn`.
    let origin: Provenance.Origin
    /// When the cached table was last confirmed; nil for the built-in rates.
    let checkedAt: Date?
    let diagnostic: Diagnostic

    /// `builtIn` is asked only when nothing is cached (making the built-in table costs).
    static func after(
        _ failure: FetchFailure, source: SourceID, sourceName: String,
        cached: (table: Table, date: Day, checkedAt: Date)?,
        builtIn: () -> (table: Table, date: Day)?
    ) -> Result<FetchFallback, RateError> {
        if let cached {
            return .success(
                FetchFallback(
                    table: cached.table, origin: .cache, checkedAt: cached.checkedAt,
                    diagnostic: .fetchFailed(
                        source: source, sourceName: sourceName, failure: failure,
                        fallback: .cached(cached.date, fetchedAt: cached.checkedAt))))
        }
        if let builtIn = builtIn() {
            return .success(
                FetchFallback(
                    table: builtIn.table, origin: .builtIn, checkedAt: nil,
                    diagnostic: .fetchFailed(
                        source: source, sourceName: sourceName, failure: failure, fallback: .builtIn(builtIn.date))))
        }
        return .failure(.unavailable(source: source, sourceName: sourceName, failure: failure))
    }
}
