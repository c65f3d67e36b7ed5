import FXCommands
import FXAnswers
import FXRates

/// `history <base> <quote>`: chart and statistics, a table, CSV or JSON. The caller adds the
/// provenance line.
public struct HistoryRenderer: Sendable {
    public let style: Style
    /// Columns the chart may use.
    public let width: Int

    public init(style: Style, width: Int) {
        self.style = style
        self.width = width
    }

    public func text(_ history: PairHistory, format: HistoryFormat) -> String {
        switch format {
        case .chart: chart(history)
        case .table, .ledger, .hledger, .beancount: table(history)
        case .csv: Self.csv(history)
        case .json: JSONDocument.text(Self.listed(history))
        }
    }

    /// `{"histories": [...]}` with the one pair: the shape of several pairs, so a script reads either.
    static func listed(_ history: PairHistory) -> JSONValue {
        .object([("histories", .array([json(history)]))])
    }

    /// Base, quote, the requested range (`from`, `to`; the points give the days actually held),
    /// provenance, statistics (null without points) and every point. Decimals are strings,
    /// so no parser turns them into binary floating point.
    public static func json(_ history: PairHistory) -> JSONValue {
        func point(_ point: RatePoint) -> JSONValue {
            .object([("date", .string(point.day.description)), ("rate", .string(exact(point.rate)))])
        }
        let statistics =
            SeriesStatistics(history.points).map { stats -> JSONValue in
                .object([
                    ("first", .string(exact(stats.first.rate))), ("last", .string(exact(stats.last.rate))),
                    ("change", .string(exact(stats.change))), ("change_percent", .string(exact(stats.changePercent))),
                    ("min", point(stats.min)), ("max", point(stats.max)),
                    ("mean", .string(exact(stats.mean))), ("count", .int(stats.count)),
                ])
            } ?? .null
        return .object([
            ("base", .string(history.base.rawValue)), ("quote", .string(history.quote.rawValue)),
            ("from", .string(history.requested.lowerBound.description)),
            ("to", .string(history.requested.upperBound.description)),
            ("source", .string(history.provenance.source.rawValue)),
            ("as_of", .string(history.provenance.date.description)),
            ("coverage", CoverageText.json(history.provenance.coverage)),
            ("statistics", statistics),
            ("points", .array(history.points.map(point))),
        ])
    }

    /// `date,base,quote,rate`, one row per publication; never coloured.
    static func csv(_ history: PairHistory) -> String { HistoryCSV.text(history) }

    /// For machines: ten decimal places hold every digit a source publishes and cross rates far
    /// beyond any use, where six significant digits would lose a published IDR rate's cents.
    static func exact(_ value: Decimal) -> String {
        DecimalFormat.plain(value.rounded(scale: exactScale))
    }

    static let exactScale = 10

    /// `USD/JPY · 2025-11-21 → 2026-11-20 · 254 days`, the chart, then the statistics.
    private func chart(_ history: PairHistory) -> String {
        guard let stats = SeriesStatistics(history.points) else { return Self.noRates(history) }
        let span = stats.first.day == stats.last.day ? "\(stats.first.day)" : "\(stats.first.day) → \(stats.last.day)"
        let header = ["\(history.base)/\(history.quote)", span, stats.count == 1 ? "1 day" : "\(stats.count) days"]
        // Ten rows read well on any normal terminal; a tiny one keeps the chart about as tall as wide.
        let rows = width >= 60 ? 10 : max(2, width / 6)
        let chart = BrailleChart.lines(history.points, width: width, height: rows)
        return ([header.joined(separator: " · ")] + chart + [""] + statisticsLines(stats)).joined(separator: "\n")
    }

    /// Label, number aligned on its decimal point, then the day or the percentage.
    private func statisticsLines(_ stats: SeriesStatistics) -> [String] {
        // The change gets as many decimals as the wider of the first and last rates shows (at
        // least two): any more would be finer than the rates it is the difference of.
        let digits = [stats.first.rate, stats.last.rate].map { DecimalFormat.rate($0).drop { $0 != "." }.dropFirst().count }
        let fractionDigits = max(2, digits.max()!)
        let shown = stats.change.rounded(scale: fractionDigits)
        let sign = shown > 0 ? "+" : shown < 0 ? "-" : ""
        let change = sign + DecimalFormat.fixed(abs(stats.change), fractionDigits: fractionDigits)
        let percent = "(" + sign + DecimalFormat.fixed(abs(stats.changePercent), fractionDigits: 2) + "%)"
        // Coloured by the change as shown, so "0.00" is never green.
        func paint(_ text: String) -> String { shown > 0 ? style.green(text) : shown < 0 ? style.red(text) : text }

        let rows: [(label: String, number: String, note: String)] = [
            ("first", DecimalFormat.rate(stats.first.rate), stats.first.day.description),
            ("last", DecimalFormat.rate(stats.last.rate), stats.last.day.description),
            ("change", change, percent),
            ("min", DecimalFormat.rate(stats.min.rate), stats.min.day.description),
            ("max", DecimalFormat.rate(stats.max.rate), stats.max.day.description),
            ("mean", DecimalFormat.rate(stats.mean), ""),
            ("observations", String(stats.count), ""),
        ]
        let labelWidth = rows.map(\.label.count).max()!
        let integerWidth = rows.map { $0.number.prefix { $0 != "." }.count }.max()!
        let fractionWidth = rows.map { $0.number.drop { $0 != "." }.count }.max()!
        return rows.map { row in
            let colored = row.label == "change"
            let integer = row.number.prefix { $0 != "." }.count, fraction = row.number.count - integer
            let number = spaces(integerWidth - integer) + (colored ? paint(row.number) : row.number) + spaces(fractionWidth - fraction)
            let line = row.label + spaces(labelWidth - row.label.count) + "  " + number
            return row.note.isEmpty
                ? String(line.reversed().drop { $0 == " " }.reversed()) : line + "  " + (colored ? paint(row.note) : row.note)
        }
    }

    /// `date  rate` entries laid out down then across like `ls`, so every publication fits
    /// on few lines and each column still reads in date order. Rates as published (six
    /// significant digits keep every digit the ECB publishes).
    private func table(_ history: PairHistory) -> String {
        guard !history.points.isEmpty else { return Self.noRates(history) }
        let rates = history.points.map { DecimalFormat.rate($0.rate) }
        let integerWidth = rates.map { $0.prefix { $0 != "." }.count }.max()!
        let fractionWidth = rates.map { $0.drop { $0 != "." }.count }.max()!
        let entries = zip(history.points, rates).map { point, rate in
            let integer = rate.prefix { $0 != "." }.count
            return "\(point.day)  " + spaces(integerWidth - integer) + rate + spaces(fractionWidth - (rate.count - integer))
        }
        let gap = "    ", entryWidth = entries[0].count
        let columns = max(1, (width + gap.count) / (entryWidth + gap.count))
        let rows = (entries.count + columns - 1) / columns
        return (0..<rows).map { row in
            let line = stride(from: row, to: entries.count, by: rows).map { entries[$0] }.joined(separator: gap)
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    private static func noRates(_ history: PairHistory) -> String {
        let range = history.requested
        if range.lowerBound == range.upperBound { return "No \(history.base)/\(history.quote) rate on \(range.lowerBound)." }
        return "No \(history.base)/\(history.quote) rates between \(range.lowerBound) and \(range.upperBound)."
    }

    private func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
}
