import FXAnswers
import FXRates

extension Messages {
    /// A snapshot answers only from what it holds: say what is missing from it, not `--offline`.
    static func notInSnapshot(_ id: SourceID, snapshot: String, history: Bool) -> String {
        guard history else { return "Snapshot '\(snapshot)' holds no \(id) rates." }
        // A snapshot keeps its history by reference (see `Snapshot`): the cache file is gone or cut short.
        return "Snapshot '\(snapshot)' refers to the \(id) history cache, which no longer holds it "
            + "(a snapshot keeps no history rows of its own); fetch the history again outside the snapshot to answer dated questions from it."
    }

    /// A currency the source used to publish: when it stopped, from its own history.
    static func retired(_ code: CurrencyCode, last: Day, sourceName: String) -> String {
        "No rate for \(code): \(sourceName) retired it; its last rate was published on \(last). "
            + "Ask about a day up to then, as in: 100 \(code.rawValue.lowercased()) eur on \(last)."
    }

    /// A price file or several-pair history written without some pairs: each one left out, and why.
    static func partial(_ missing: [MissingPair]) -> String {
        let pairs = missing.map { "\($0.base)/\($0.quote)" }.joined(separator: ", ")
        let reasons = missing.map { "\($0.base)/\($0.quote): " + text(for: $0.reason) }.joined(separator: " ")
        return "written without \(pairs), which had no rates over those days; the other pairs are complete. \(reasons)"
    }

    /// `Coinbase did not price XRP (Invalid currency (not_found)); its other prices are kept`: the
    /// assets a fetch went without, grouped when they failed alike.
    static func partlyPriced(_ name: String, _ gaps: [PriceGap], now: Date) -> String {
        let reasons = gaps.map { text(for: $0.failure, now: now) }
        let codes = gaps.map(\.code.rawValue)
        let which =
            Set(reasons).count == 1
            ? "\(FailureLine.list(codes, joining: "or")) (\(reasons[0]))"
            : FailureLine.list(zip(codes, reasons).map { "\($0) (\($1))" }, joining: "or")
        return "\(name) did not price \(which); its other prices are kept"
    }
}
