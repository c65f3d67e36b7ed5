extension HistoryService {
    /// `base` in `quote` on the last `count` publications held (this run's or the history file's),
    /// oldest first, from the first source (of `only`, or in order) that holds both; never asks a
    /// source, so a `watch` board's sparkline costs no request. Empty when none holds the pair.
    public func held(base: CurrencyCode, quote: CurrencyCode, last count: Int, only: SourceID? = nil) -> [RatePoint] {
        for source in sources where only == nil || source.id == only {
            guard let history = heldHistory(source, needing: [base, quote]), history.covers(base), history.covers(quote)
            else { continue }
            var points: [RatePoint] = []
            var index = history.days.count - 1
            while index >= 0, points.count < count {
                if let b = history.rate(base, at: index), let q = history.rate(quote, at: index) {
                    points.append(
                        base == history.base
                            ? RatePoint(day: history.days[index], rate: q)
                            : RatePoint(day: history.days[index], quotePerPivot: q, basePerPivot: b))
                }
                index -= 1
            }
            if !points.isEmpty { return points.reversed() }
        }
        return []
    }
}
