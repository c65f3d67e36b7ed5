/// A pair through time from a held history: one point per publication within a range that has
/// both rows (a day one of them was not published is no point: a mean is over publications), a
/// pegged row read as its peg times its anchor where the source sets such rows by the peg, as a
/// dated answer reads it (`CarriedRow`). Pure: `HistoryService.pair` reads the history and asks here.
enum PairSeries {
    static func points(
        base: CurrencyCode, quote: CurrencyCode, in history: RateHistory, over requested: ClosedRange<Day>, pegs: Bool
    ) -> [RatePoint] {
        let start = history.index(onOrBefore: requested.lowerBound.adding(days: -1)).map { $0 + 1 } ?? 0
        let end = history.index(onOrBefore: requested.upperBound).map { $0 + 1 } ?? 0
        guard start < end else { return [] }
        // Only a pegged currency goes through `CarriedRow`; every other row is read as it is, the
        // fast path for the ECB's 7,000 days.
        func reader(_ code: CurrencyCode) -> (Int) -> Decimal? {
            guard pegs, Pegs.peg(of: code) != nil else { return { history.rate(code, at: $0) } }
            return { index in try? CarriedRow.find(code, in: history, at: index, window: 0, pegs: true).get().rate }
        }
        let baseRate = reader(base), quoteRate = reader(quote)
        var points: [RatePoint] = []
        points.reserveCapacity(end - start)
        for index in start..<end {
            guard let b = baseRate(index), let q = quoteRate(index) else { continue }
            points.append(
                base == history.base
                    ? RatePoint(day: history.days[index], rate: q)
                    : RatePoint(day: history.days[index], quotePerPivot: q, basePerPivot: b))
        }
        return points
    }
}
