import FXAnswers
import FXCommands
import FXRates

extension Executor {
    /// `history usd pln 2024 --ledger --rule pl-nbp`: each of the rule's rates dated the first day a
    /// transaction takes it (an NBP table the day after it, a yearly mean its period's first day),
    /// so that ledger's "latest price on or before" applies the rule; the header names the rule.
    func rulePriceHistories(_ rule: Rule, _ query: HistoryQuery) async throws(RateError) -> [PairHistory] {
        let range = days(of: query)
        var histories: [PairHistory] = []
        for pair in query.pairs {
            let (series, provenance) = try await ruleSeries(rule, from: pair.base, to: pair.quote, since: range?.lowerBound)
            var points: [RatePoint] = []
            for index in series.derived.days.indices {
                guard let fromLeg = series.derived.rate(pair.base, at: index), let toLeg = series.derived.rate(pair.quote, at: index)
                else { continue }
                let day = series.appliesFrom(index)
                if let range, !range.contains(day) { continue }
                points.append(RatePoint(day: day, quotePerPivot: toLeg, basePerPivot: fromLeg))
            }
            guard let first = points.first, let last = points.last else {
                throw .history(.noCommonDays(pair.base, pair.quote, range ?? provenance.date...provenance.date))
            }
            var stamped = Provenance(
                source: provenance.source, sourceName: provenance.sourceName, date: last.day, fetchedAt: provenance.fetchedAt,
                origin: provenance.origin)
            stamped.rule = RuleNote(
                rule: rule.name, institution: rule.institution, transaction: last.day, publication: series.derived.days.last ?? last.day,
                basis: rule.day.spoken, steps: [])
            histories.append(
                PairHistory(
                    base: pair.base, quote: pair.quote, points: points, requested: range ?? first.day...last.day, provenance: stamped,
                    pivot: RuleSeries.pivot))
        }
        return histories
    }
}
