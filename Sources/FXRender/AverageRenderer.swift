import FXCommands
import FXRates

/// `rate usd eur avg 2024`: the mean, the days it rests on, their minimum and maximum, and how
/// it was computed. The mean is the sum of the rates over their count, each rate carried to 24
/// decimal places (`SeriesSum`); text shows it to 6 significant digits and JSON to 10 decimal
/// places, half away from zero.
enum AverageRenderer {
    static func text(_ histories: [PairHistory], period: AveragePeriod) -> String {
        var lines: [String] = []
        for history in histories {
            guard let stats = SeriesStatistics(history.points) else { continue }
            let name = CoverageText.period(periodName(history, period: period), history.provenance.coverage)
            lines.append("1 \(history.base) = \(DecimalFormat.rate(stats.mean)) \(history.quote)   mean of \(name)")
            lines.append(
                "  \(stats.count) daily \(history.provenance.sourceName) reference rates, \(stats.first.day) to \(stats.last.day); "
                    + "min \(DecimalFormat.rate(stats.min.rate)) on \(stats.min.day), max \(DecimalFormat.rate(stats.max.rate)) on \(stats.max.day)"
            )
            lines.append("  \(method(history)); shown to 6 significant digits")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ histories: [PairHistory], period: AveragePeriod) -> JSONValue {
        let objects = histories.map { history -> JSONValue in
            let stats = SeriesStatistics(history.points)!
            func point(_ point: RatePoint) -> JSONValue {
                .object([("date", .string(point.day.description)), ("rate", .string(HistoryRenderer.exact(point.rate)))])
            }
            return .object([
                ("base", .string(history.base.rawValue)), ("quote", .string(history.quote.rawValue)),
                ("period", .string(periodName(history, period: period))),
                ("from", .string(history.requested.lowerBound.description)), ("to", .string(history.requested.upperBound.description)),
                ("mean", .string(HistoryRenderer.exact(stats.mean))),
                ("mean_rounding", .string("half away from zero to 10 decimal places")),
                ("method", .string(method(history))),
                ("count", .int(stats.count)), ("first", .string(stats.first.day.description)),
                ("last", .string(stats.last.day.description)), ("min", point(stats.min)), ("max", point(stats.max)),
                ("source", .string(history.provenance.source.rawValue)), ("as_of", .string(history.provenance.date.description)),
                ("coverage", CoverageText.json(history.provenance.coverage)),
            ])
        }
        // One pair or several, the same shape.
        return .object([("averages", .array(objects))])
    }

    /// One period of `history --monthly --json`.
    static func json(_ average: PeriodAverage) -> JSONValue {
        let stats = average.statistics
        return .object([
            ("period", .string(average.label)), ("start", .string(average.start.description)),
            ("mean", .string(HistoryRenderer.exact(stats.mean))), ("min", .string(HistoryRenderer.exact(stats.min.rate))),
            ("max", .string(HistoryRenderer.exact(stats.max.rate))), ("count", .int(stats.count)),
        ])
    }

    private static func periodName(_ history: PairHistory, period: AveragePeriod) -> String {
        if case .range = period { return "\(history.requested.lowerBound) to \(history.requested.upperBound)" }
        return period.description
    }

    /// The method in one phrase: published rates averaged, or cross rates per day, then averaged.
    private static func method(_ history: PairHistory) -> String {
        let pivot = history.pivot == .eur ? "euro" : history.pivot.rawValue
        return history.base == history.pivot || history.quote == history.pivot
            ? "arithmetic mean of the daily rates"
            : "arithmetic mean of the daily cross rates, each computed from that day's \(pivot) rates"
    }
}
