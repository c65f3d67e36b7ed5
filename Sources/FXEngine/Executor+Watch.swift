import FXCommands
import FXRates
import FXAnswers

/// What a `watch` board asks of the engine between its refreshes.
extension Executor {
    /// The latest price of `base` in `quote`, as `rate` gets it (`--source` honoured): the
    /// service decides whether the cache answers or a source is asked.
    public func latestQuote(_ base: CurrencyCode, _ quote: CurrencyCode) async throws(Failure) -> Quote {
        do throws(RateError) {
            return try await service.quote(from: base, to: quote, only: options.source)
        } catch {
            throw .rates(error)
        }
    }

    /// The pair's last `count` publications held, oldest first, asking no source; empty when
    /// no history is held (or none is wired).
    public func heldPoints(_ base: CurrencyCode, _ quote: CurrencyCode, last count: Int) async -> [RatePoint] {
        await history?.held(base: base, quote: quote, last: count, only: options.source) ?? []
    }

    /// The monthly request allowance of each source that has one.
    public var requestQuotas: [SourceID: Int] { service.discipline.quotas }
}
