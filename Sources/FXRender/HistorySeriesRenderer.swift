import FXCommands
import FXRates

/// `history` with several pairs, `--monthly`/`--yearly` or a price file: a table, CSV, JSON or
/// price directives. Averaged rows are dated their period's first day.
public enum HistorySeriesRenderer {
    static func text(_ histories: [PairHistory], query: HistoryQuery) -> String {
        if query.format.isPriceFile { return PriceFileRenderer.text(histories, query: query) }
        if query.format == .csv { return csv(histories, grouping: query.grouping) }
        if query.format == .json { return JSONDocument.text(json(histories, query: query)) }
        let shortfalls = histories.compactMap { history in
            CoverageText.shortfall(history.provenance.coverage).map { "\(history.base)/\(history.quote): \($0)" }
        }
        return ([table(histories, grouping: query.grouping)] + shortfalls).joined(separator: "\n")
    }

    /// Each publication's rate, or each period's mean, with its day.
    static func rows(_ history: PairHistory, grouping: HistoryGrouping) -> [(Day, Decimal)] {
        guard grouping != .daily else { return history.points.map { ($0.day, $0.rate) } }
        return PeriodAverage.group(history.points, yearly: grouping == .yearly).map { ($0.start, $0.statistics.mean) }
    }

    /// `date,base,quote,rate` for publications; `period,start,base,quote,mean,min,max,days` for periods.
    static func csv(_ histories: [PairHistory], grouping: HistoryGrouping) -> String {
        guard grouping != .daily else {
            let rows = histories.flatMap { history in history.points.map { (history, $0) } }
                .enumerated().sorted { ($0.element.1.day, $0.offset) < ($1.element.1.day, $1.offset) }
                .map { "\($0.element.1.day),\($0.element.0.base),\($0.element.0.quote),\(HistoryRenderer.exact($0.element.1.rate))" }
            return (["date,base,quote,rate"] + rows).joined(separator: "\n")
        }
        var rows = ["period,start,base,quote,mean,min,max,days"]
        for history in histories {
            for period in PeriodAverage.group(history.points, yearly: grouping == .yearly) {
                let stats = period.statistics
                rows.append(
                    [
                        period.label, period.start.description, history.base.rawValue, history.quote.rawValue,
                        HistoryRenderer.exact(stats.mean), HistoryRenderer.exact(stats.min.rate), HistoryRenderer.exact(stats.max.rate),
                        String(stats.count),
                    ].joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n")
    }

    /// `{"histories": [...]}`, one object per pair as single-pair `history --json` writes it, with
    /// `periods` when averaged.
    public static func json(_ histories: [PairHistory], query: HistoryQuery) -> JSONValue {
        let objects = histories.map { history -> JSONValue in
            guard query.grouping != .daily, case .object(var members) = HistoryRenderer.json(history) else {
                return HistoryRenderer.json(history)
            }
            members.removeAll { $0.0 == "points" }
            let periods = PeriodAverage.group(history.points, yearly: query.grouping == .yearly).map(AverageRenderer.json)
            members += [("grouping", .string(query.grouping.rawValue)), ("periods", .array(periods))]
            return .object(members)
        }
        // One pair or several, the same shape.
        return .object([("histories", .array(objects))])
    }

    /// `2024-03  0.912345  min … max …  21 days`, one line per period (or per publication).
    static func table(_ histories: [PairHistory], grouping: HistoryGrouping) -> String {
        var lines: [String] = []
        for history in histories {
            lines.append("\(history.base)/\(history.quote) · \(grouping == .daily ? "daily" : "\(grouping.rawValue) means")")
            if grouping == .daily {
                lines += history.points.map { "\($0.day)  \(DecimalFormat.rate($0.rate))" }
                continue
            }
            for period in PeriodAverage.group(history.points, yearly: grouping == .yearly) {
                let stats = period.statistics
                lines.append(
                    "\(period.label)  \(DecimalFormat.rate(stats.mean))  min \(DecimalFormat.rate(stats.min.rate))"
                        + "  max \(DecimalFormat.rate(stats.max.rate))  \(stats.count) \(stats.count == 1 ? "day" : "days")")
            }
        }
        return lines.joined(separator: "\n")
    }
}
