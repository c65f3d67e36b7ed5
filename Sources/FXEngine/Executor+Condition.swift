import FXCommands
import FXRates
import FXAnswers

extension Executor {
    /// `btc eur > 60000`: the latest price of the pair, judged as printed.
    func judge(_ condition: Condition) async throws(Failure) -> ConditionVerdict {
        ConditionVerdict(condition: condition, quote: try await latestQuote(condition.base, condition.quote))
    }
}
