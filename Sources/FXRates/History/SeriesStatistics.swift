/// The numbers printed under a history chart. Decimal throughout, so they agree digit for
/// digit with the rates printed beside them.
public struct SeriesStatistics: Sendable, Equatable {
    public let first: RatePoint
    public let last: RatePoint
    /// `last − first`.
    public let change: Decimal
    /// `change / first × 100`; zero when `first` is zero, which no real rate is.
    public let changePercent: Decimal
    /// The lowest and highest rate; on a tie the earliest day, when the level was first reached.
    public let min: RatePoint
    public let max: RatePoint
    public let mean: Decimal
    public let count: Int

    /// nil for no points; `points` are oldest first, as `PairHistory` holds them.
    public init?(_ points: [RatePoint]) {
        guard let first = points.first, let last = points.last else { return nil }
        var low = first, high = first, sum = Decimal(0)
        // Oldest first, so strict comparisons keep the earliest of equal values; one comparison
        // each, since Decimal comparisons dominate the cost of `history … all`.
        for point in points.dropFirst() {
            if point.rate < low.rate { low = point } else if point.rate > high.rate { high = point }
        }
        for point in points { sum += point.rate }
        self.first = first
        self.last = last
        change = last.rate - first.rate
        changePercent = first.rate.isZero ? 0 : change / first.rate * 100
        min = low
        max = high
        mean = sum / Decimal(points.count)
        count = points.count
    }
}
