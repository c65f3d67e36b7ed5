import FXCommands
import FXRates

/// One row of a `watch` board: the latest answer for a pair, or why there is none.
public struct WatchRow: Sendable, Equatable {
    public let pair: WatchRequest.Pair
    public var quote: Quote?
    /// The close before the latest price, for change and change %: the source's previous
    /// publication, else the last day before it in the history held.
    public var previous: Decimal?
    /// The recent closes held, oldest first, for the sparkline (display only, hence `Double`).
    public var closes: [Double] = []
    /// Why the last refresh gave no price (the price before it, if any, stays shown).
    public var problem: String?

    public init(pair: WatchRequest.Pair) { self.pair = pair }

    /// `+1.40 (+0.10%)` against the previous close; nil when there is none.
    public var change: ChangeText? {
        guard let quote, let previous else { return nil }
        return ChangeText(rate: quote.rate, previous: previous)
    }

    /// `USD/KRW`.
    public var name: String { "\(pair.base.rawValue)/\(pair.quote.rawValue)" }
}
