/// `btc eur > 60000`: a pair's price compared with a threshold, for a script's `if` or
/// `watch … --until`. Exit 0 when it holds, 1 when it does not, 2 on error.
public struct Condition: Equatable, Sendable {
    /// The six comparisons, as typed.
    public enum Comparison: String, Equatable, Sendable, CaseIterable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="
        case notEqual = "!="

        /// Whether `value` compares so with `threshold`.
        public func holds(_ value: Decimal, _ threshold: Decimal) -> Bool {
            switch self {
            case .less: value < threshold
            case .lessOrEqual: value <= threshold
            case .greater: value > threshold
            case .greaterOrEqual: value >= threshold
            case .equal: value == threshold
            case .notEqual: value != threshold
            }
        }
    }

    public let base: CurrencyCode
    public let quote: CurrencyCode
    public let comparison: Comparison
    /// The threshold as typed, exact, with the decimals the user gave (for the echo).
    public let threshold: Amount

    public init(base: CurrencyCode, quote: CurrencyCode, comparison: Comparison, threshold: Amount) {
        (self.base, self.quote, self.comparison, self.threshold) = (base, quote, comparison, threshold)
    }
}
