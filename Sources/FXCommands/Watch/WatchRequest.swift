/// `watch usd krw, btc eur --every 30s --count 5 --until 'usd krw > 1400'`: the pairs a board
/// shows, and when it refreshes and ends.
public struct WatchRequest: Equatable, Sendable {
    /// One row of the board.
    public struct Pair: Equatable, Sendable, Hashable {
        public let base: CurrencyCode
        public let quote: CurrencyCode
        public init(_ base: CurrencyCode, _ quote: CurrencyCode) { (self.base, self.quote) = (base, quote) }
    }

    public var pairs: [Pair]
    /// `--every`: seconds between refreshes; nil leaves each source's own (10 s for prices that
    /// move, 60 s for currencies). Never below what a source's request budget allows.
    public var every: TimeInterval?
    /// `--count N`: stop after N refreshes.
    public var count: Int?
    /// `--until <condition>`: stop once it holds (exit 0).
    public var until: Condition?

    public init(pairs: [Pair], every: TimeInterval? = nil, count: Int? = nil, until: Condition? = nil) {
        (self.pairs, self.every, self.count, self.until) = (pairs, every, count, until)
    }
}

/// What a `watch` line got wrong, worded by `Messages`.
public enum WatchProblem: Equatable, Sendable {
    /// `--every 0`, `--every soon`: a duration of at least a second is needed.
    case interval(String)
    /// `--every 999999999999`, `--every 999999w`: longer than any duration fx takes.
    case intervalTooLong(String)
    /// `--count 0`, `--count many`.
    case count(String)
    /// `--every` or `--count` or `--until` with nothing after it.
    case missingValue(String)
    /// An option `watch` does not take.
    case unknownOption(String)
    /// `watch` with no pair.
    case noPair
    /// `--until` with words that are no condition.
    case notACondition(String)
}
