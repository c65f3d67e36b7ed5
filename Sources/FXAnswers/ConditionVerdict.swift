import FXCommands
import FXRates

/// A condition judged: the price it was judged on and whether it holds.
public struct ConditionVerdict: Sendable, Equatable {
    public let condition: Condition
    public let quote: Quote
    /// The price as printed (`DecimalFormat.rate`): what was compared, so that the line never
    /// shows 1400.00 beside a verdict taken on 1399.996.
    public let price: Decimal
    public let holds: Bool

    public init(condition: Condition, quote: Quote) {
        self.condition = condition
        self.quote = quote
        price = Decimal(exactly: DecimalFormat.rate(quote.rate)) ?? quote.rate
        holds = condition.comparison.holds(price, condition.threshold.value)
    }

    /// The exit status a script tests: 0 when it holds, 1 when it does not.
    public var exitStatus: Int32 { holds ? 0 : 1 }
}
