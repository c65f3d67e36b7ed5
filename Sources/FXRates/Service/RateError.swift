/// Why a question about rates has no answer. Usage mistakes are caught before this, by the parser.
public enum RateError: Error, Sendable, Equatable {
    /// No enabled source publishes this currency.
    case notCovered(CurrencyCode, sources: [SourceID])
    /// The source failed and nothing was cached to fall back on.
    case unavailable(source: SourceID, sourceName: String, failure: FetchFailure)
    /// `--offline` with nothing cached and no built-in rates for the source.
    case offlineWithoutData(SourceID)
    case unknownSource(String)
    /// `refresh` was asked for while `--offline` forbids the network.
    case offlineRefresh
}
