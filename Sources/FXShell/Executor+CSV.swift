import FXCommands
import FXRates

extension Executor {
    /// `from` against `to` on every publication held, for a CSV file's rows.
    func pairColumns(from: CurrencyCode, to: CurrencyCode, format: NumberFormat) async throws(RateError) -> PairColumns {
        let held = try await historyService().columns([from, to], only: options.source)
        return PairColumns(
            from: from, to: to, history: held.history, provenance: held.provenance, complete: held.complete, format: format)
    }
}
