extension HistoryService {
    /// What to ask a source asked currency by currency (Frankfurter's `quotes=`) for a question's
    /// `codes`: those `behind` when the rest is current, else all of them, each from the day after
    /// its rows held end, or from `from` when its asked days begin later. `through`: when the
    /// history is current and each currency asked is held from a later day through the newest,
    /// only the days before are missing, and only they are asked for (not again the days held).
    struct ByCurrencyRequest {
        var codes: Set<CurrencyCode>
        var since: Day
        var through: Day?
    }

    nonisolated func askedByCurrency(
        _ codes: Set<CurrencyCode>, behind: Set<CurrencyCode>, fresh: Bool, from: Day, reachable: Bool, held entry: CachedHistory?
    ) -> ByCurrencyRequest {
        let ask = fresh && !behind.isEmpty ? behind : codes
        func start(_ code: CurrencyCode) -> Day {
            guard let entry, let last = entry.history.last else { return from }
            guard let spans = entry.asked else { return reachable && entry.history.covers(code) ? last.adding(days: 1) : from }
            guard let span = spans[code], span.lowerBound <= from else { return from }
            // Asked days may reach past the newest row held (asked before that day's publication).
            return min(span.upperBound, last).adding(days: 1)
        }
        func beforeHeld(_ code: CurrencyCode) -> Day? {
            guard let entry else { return nil }
            // A history asked whole holds every currency it has over all its days.
            let whole =
                entry.asked == nil && entry.history.covers(code)
                ? entry.history.first.flatMap { first in entry.history.last.map { first...$0 } } : nil
            guard let span = entry.asked?[code] ?? whole, span.lowerBound > from, entry.holds(code, from: span.lowerBound) else {
                return nil
            }
            return span.lowerBound.adding(days: -1)
        }
        // The base (EUR) is every day's own row: never behind, never a reason to reach back.
        let asking = ask.filter { $0 != (entry?.history.base ?? .eur) }
        let ends = fresh ? asking.map(beforeHeld) : []
        let through = !ends.isEmpty && ends.allSatisfy { $0 != nil } ? ends.compactMap(\.self).max() : nil
        return ByCurrencyRequest(codes: ask, since: asking.map(start).min() ?? from, through: through)
    }
}
