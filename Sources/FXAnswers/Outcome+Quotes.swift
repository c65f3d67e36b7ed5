import FXRates

extension Outcome {
    /// The quotes an answer rests on (a conversion's lines, a listing's rates, a calculation's
    /// terms, a condition's price), in order; none for other outcomes. What the notes after an answer read.
    public var answerQuotes: [Quote] {
        switch self {
        case .conversion(let conversion): conversion.lines.map(\.quote)
        case .rates(let listing): listing.quotes
        case .calculation(let result): result.lines.flatMap(\.quotes)
        case .condition(let verdict): [verdict.quote]
        default: []
        }
    }
}
