/// A problem fx recovered from. The shell prints each as a `warning:` line on stderr;
/// tests collect them as values.
public enum Diagnostic: Sendable, Equatable {
    /// The cache file was damaged and has been renamed so fx can start afresh.
    case cacheSetAside(path: String, movedTo: String, reason: String)
    /// The cache file exists but could not be read; fx goes on without it.
    case cacheUnreadable(path: String, reason: String)
    case cacheWriteFailed(path: String, reason: String)
    /// A source could not be reached or sent something unusable; older rates answer instead.
    case fetchFailed(source: SourceID, sourceName: String, failure: FetchFailure, fallback: Fallback)
    /// A fetch kept what answered without these assets or currencies, each with why (Coinbase
    /// answered "Invalid currency" for XRP): its other prices answer.
    case partlyPriced(source: SourceID, sourceName: String, gaps: [PriceGap])
    /// Several sources failed for one question: one line names them all, then what answered
    /// (`answeredBy` is the source whose rates did, named for `.cached`).
    case fetchesFailed([FailedSource], fallback: Fallback, answeredBy: String)
    /// No cached rates and no network allowed: the compiled-in ECB rates answer.
    case usingBuiltIn(Day)
    /// `--offline` answered from cached rates that a newer publication has replaced.
    case staleData(sourceName: String, date: Day, supersededFor: TimeInterval)
    /// `--offline` (or a failed fetch) with a history that does not reach back to the day asked for.
    case partialHistory(sourceName: String, from: Day)
    /// Only a rate with few significant digits could answer: the result is not exact to its last digit.
    case coarseRate(CoarseRate)

    /// What answered after a failed fetch.
    public enum Fallback: Sendable, Equatable {
        case cached(Day, fetchedAt: Date)
        case builtIn(Day)
        /// The next source in order, by name.
        case otherSource(String)
    }
}

/// One source that failed, within a `.fetchesFailed`.
public struct FailedSource: Sendable, Equatable {
    public let source: SourceID
    public let sourceName: String
    public let failure: FetchFailure

    public init(source: SourceID, sourceName: String, failure: FetchFailure) {
        self.source = source
        self.sourceName = sourceName
        self.failure = failure
    }
}

extension Diagnostic {
    /// A `.partlyPriced` of `source`.
    func isPartlyPriced(_ source: SourceID) -> Bool {
        if case .partlyPriced(source, _, _) = self { true } else { false }
    }
}
