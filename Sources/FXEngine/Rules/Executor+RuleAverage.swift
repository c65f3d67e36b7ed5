import FXAnswers
import FXCommands
import FXRates

extension Executor {
    /// `rate usd gbp avg tax-year 2025 --rule uk-hmrc-monthly`: the mean of the rule's publications
    /// over the period's whole months (its days for a range), each published figure averaged and
    /// rounded as the institution publishes; the provenance says which months. A period not held
    /// whole is refused unless `partial`, and then its mean says it is of the publications held.
    func ruleAverage(_ rule: Rule, from: CurrencyCode, to: CurrencyCode, period: AveragePeriod, partial: Bool) async throws(Failure)
        -> Quote
    {
        let today = LocalCalendar.today(at: now())
        let days: ClosedRange<Day>, label: String
        if case .taxYear(let year) = period {
            guard case .taxYear = rule.period else { throw .usage(UsageError(.books(.taxYearWithoutRule(rules: taxYearRules)), span: nil)) }
            (days, label) = rule.period.year(year)
        } else {
            days = period.days(today: today)
            label = period.description
        }
        if days.lowerBound > today { throw .usage(UsageError(.futureDate(days.lowerBound), span: nil)) }
        let window = period.isRange ? days.lowerBound..<days.upperBound.adding(days: 1) : rule.period.months(of: days)
        var averaged = rule
        averaged.day = .average
        do throws(RateError) {
            let (history, held) = try await ruleHistory(rule, from: from, to: to, since: window.lowerBound)
            let whole = RuleSeries.isWhole(window, days: history.days, calendar: rule.calendar)
            guard
                let mean = RuleSeries.mean(
                    RuleSeries.legs(rule: rule, from: from, to: to, history: history), days: history.days, window: window, rule: averaged,
                    from: from,
                    to: to)
            else {
                throw .history(.rule(.periodIncomplete(label: label, heldThrough: history.last, institution: rule.institution)))
            }
            let monthly = Set(history.days.map { $0.components.day }).count == 1
            let span =
                monthly
                ? "\(mean.first.description.prefix(7)) to \(mean.last.description.prefix(7))" : "\(mean.first) to \(mean.last)"
            let rates = monthly ? "monthly rates" : "publications"
            if !whole && !partial {
                throw .history(
                    .rule(.periodPartial(label: label, held: "\(mean.count) \(rates) of it, \(span)", institution: rule.institution)))
            }
            let basis =
                whole
                ? "the mean of \(mean.count) \(rates), \(span), for \(label)"
                : "the mean of the \(mean.count) \(rates) held, \(span), not the whole of \(label)"
            var provenance = Provenance(
                source: held.source, sourceName: held.sourceName, date: mean.last, fetchedAt: held.fetchedAt, origin: held.origin)
            var steps = ["rule \(rule.name): \(rule.institution) (source \(held.source)), the mean of the period's publications"]
            steps.append("\(label): \(days.lowerBound) to \(days.upperBound); averaged: \(basis.dropFirst(4))")
            if let rounding = rule.rounding { steps.append("each published figure's mean " + rounding.spoken) }
            let cross = rule.cross(from: from, to: to)
            if let cross { steps.append(cross.step) }
            provenance.rule = RuleNote(
                rule: rule.name, institution: rule.institution, transaction: days.upperBound, publication: mean.last, basis: basis,
                steps: steps, homePerUnit: cross?.homePerUnit)
            return Quote(from: from, to: to, fromPerBase: mean.from, toPerBase: mean.to, provenance: provenance)
        } catch {
            throw .rates(error)
        }
    }

    /// The rules that cut tax years, for the advice when `avg tax-year` has none.
    private var taxYearRules: [String] {
        workspace.preferences.rules.rules.filter { if case .taxYear = $0.period { $0.isNamed } else { false } }.map(\.name)
    }
}
