import FXAnswers
import FXCommands
import FXRates

extension Executor {
    /// Every pair of a price file or several-pair history, over the same days. With several pairs,
    /// one without rates over the days is left out and named (`missing`); when none has any, the
    /// first pair's error is the answer.
    func pairHistories(_ query: HistoryQuery) async throws(RateError) -> (histories: [PairHistory], missing: [MissingPair]) {
        let range = days(of: query)
        var histories: [PairHistory] = []
        var missing: [MissingPair] = []
        for pair in query.pairs {
            do throws(RateError) {
                histories.append(
                    try await historyService().pair(
                        base: pair.base, quote: pair.quote, range: range, only: options.source, partial: query.partial))
            } catch {
                guard query.pairs.count > 1, MissingPair.isPairsOwn(error) else { throw error }
                missing.append(MissingPair(base: pair.base, quote: pair.quote, reason: error))
            }
        }
        if histories.isEmpty, let first = missing.first { throw first.reason }
        return (histories, missing)
    }

    /// The days `query` asks about, as of today; nil for all that is held.
    func days(of query: HistoryQuery) -> ClosedRange<Day>? {
        let today = LocalCalendar.today(at: now())
        return query.range == .all ? nil : query.range.days(today: today, earliest: today)
    }

    /// Each quote's daily rates over `period`, which must have begun, and be held whole unless `partial`.
    func averages(base: CurrencyCode, quotes: [CurrencyCode], period: AveragePeriod, partial: Bool) async throws(Failure)
        -> [PairHistory]
    {
        let today = LocalCalendar.today(at: now())
        let days = period.days(today: today)
        if days.lowerBound > today { throw .usage(UsageError(.futureDate(days.lowerBound), span: nil)) }
        var histories: [PairHistory] = []
        do throws(RateError) {
            for quote in quotes {
                histories.append(
                    try await historyService().pair(base: base, quote: quote, range: days, only: options.source, partial: partial))
            }
        } catch {
            // Said by the period's name (`2026`), which the history does not know.
            if case .history(.periodNotHeld(let coverage, nil, let builtIn, let offline, let name)) = error, !period.isRange {
                throw .rates(
                    .history(.periodNotHeld(coverage, period: period.description, builtIn: builtIn, offline: offline, sourceName: name)))
            }
            throw .rates(error)
        }
        return histories
    }
}

extension Executor {
    /// `from` → `to` at the mean of the period's daily rates, dated the last day averaged.
    func averageQuote(from: CurrencyCode, to: CurrencyCode, period: AveragePeriod, partial: Bool) async throws(Failure) -> Quote {
        guard from != to else { return try await identity(from) }
        if rule.isNamed { return try await ruleAverage(rule, from: from, to: to, period: period, partial: partial) }
        if case .taxYear = period {
            throw .usage(UsageError(.books(.taxYearWithoutRule(rules: ["uk-hmrc-monthly", "uk-hmrc-yearly"])), span: nil))
        }
        let history = try await averages(base: from, quotes: [to], period: period, partial: partial)[0]
        let mean = SeriesStatistics(history.points)!.mean
        return Quote(from: from, to: to, fromPerBase: 1, toPerBase: mean, provenance: history.provenance)
    }

    /// A currency in itself, as the calculator asks when a term is already in the target.
    private func identity(_ code: CurrencyCode) async throws(Failure) -> Quote {
        do throws(RateError) { return try await service.quote(from: code, to: code, only: options.source) } catch { throw .rates(error) }
    }
}
