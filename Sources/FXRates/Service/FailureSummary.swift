/// When every source is down, one question used to print a warning per source. The failures
/// one question met are said in one line instead: which sources failed, and what answered.
enum FailureSummary {
    /// Replaces the `.fetchFailed` diagnostics from `start` on (with `unanswered`, the sources that
    /// failed with nothing to fall back on) by one `.fetchesFailed`, where the first of them stood,
    /// sources in `order`. With a single failure, the diagnostic stays as it was. `answer` is the
    /// source whose rates answered: its own fallback is said, else that it answered instead.
    static func combine(
        _ diagnostics: inout [Diagnostic], since start: Int, unanswered: [FailedSource],
        answer: (source: SourceID, name: String), order: [SourceID]
    ) {
        var positions: [Int] = []
        var failed: [FailedSource] = []
        var answerFallback: Diagnostic.Fallback?
        for index in diagnostics.indices where index >= start {
            guard case .fetchFailed(let id, let name, let failure, let fallback) = diagnostics[index] else { continue }
            positions.append(index)
            failed.append(FailedSource(source: id, sourceName: name, failure: failure))
            if id == answer.source, !fallback.isOtherSource { answerFallback = fallback }
        }
        // A source without a key or configuration is not down: it is not named among the failed.
        let down = unanswered.filter { !$0.failure.isConfiguration && !failed.map(\.source).contains($0.source) }
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let all = (failed + down).enumerated().sorted {
            (rank[$0.element.source] ?? Int.max, $0.offset) < (rank[$1.element.source] ?? Int.max, $1.offset)
        }.map(\.element)
        guard let first = positions.first else {
            // Failed with nothing of their own to fall back on, and another source answered
            // (Coinbase down, Kraken's price): said as well, never a silent change of source.
            if let only = all.first, all.count == 1 {
                diagnostics.append(
                    .fetchFailed(
                        source: only.source, sourceName: only.sourceName, failure: only.failure, fallback: .otherSource(answer.name)))
            } else if !all.isEmpty {
                diagnostics.append(.fetchesFailed(all, fallback: .otherSource(answer.name), answeredBy: answer.name))
            }
            return
        }
        guard failed.count + down.count > 1 else { return }
        diagnostics[first] = .fetchesFailed(all, fallback: answerFallback ?? .otherSource(answer.name), answeredBy: answer.name)
        for index in positions.dropFirst().reversed() { diagnostics.remove(at: index) }
    }
}

extension Diagnostic.Fallback {
    var isOtherSource: Bool {
        if case .otherSource = self { true } else { false }
    }
}

extension FetchFailure {
    /// A request fx would not send for want of configuration (a key, Nasdaq's datasets, an https URL).
    var isConfiguration: Bool {
        switch self {
        case .missingKey, .notConfigured, .transport(.insecureURL): true
        default: false
        }
    }
}
