import FXCommands
import FXRates

/// Price directives for plain-text accounting, one per publication (or averaged period) and pair,
/// in date order, the base commodity first:
///
///     P 2024-01-02 USD 0.9051412020 EUR          ledger, hledger
///     2024-01-02 price USD 0.9051412020 EUR      beancount
///
/// ledger and hledger read the same `P` line; ledger's time of day is optional and left out,
/// so that hledger reads the file too. ISO 4217 codes are plain commodity names in all three.
enum PriceFileRenderer {
    /// A rate with `digits` significant digits; by default ten, which leaves every rate the ECB
    /// publishes (at most six) exactly as published and carries cross rates and means far enough.
    static func rate(_ value: Decimal, digits: Int?) -> String {
        DecimalFormat.plain(value.rounded(significantDigits: digits ?? 10))
    }

    static func text(_ histories: [PairHistory], query: HistoryQuery) -> String {
        var entries: [(day: Day, order: Int, line: String)] = []
        for (order, history) in histories.enumerated() {
            for (day, value) in HistorySeriesRenderer.rows(history, grouping: query.grouping) {
                let price = "\(history.base) \(rate(value, digits: query.digits)) \(history.quote)"
                let line = query.format == .beancount ? "\(day) price \(price)" : "P \(day) \(price)"
                entries.append((day, order, line))
            }
        }
        entries.sort { ($0.day, $0.order) < ($1.day, $1.order) }
        return ([header(histories, query: query)] + entries.map(\.line)).joined(separator: "\n")
    }

    /// A comment naming the source, the pairs, the days and the method, which each tool skips.
    private static func header(_ histories: [PairHistory], query: HistoryQuery) -> String {
        let pairs = histories.map { "\($0.base)/\($0.quote)" }.joined(separator: ", ")
        let first = histories.compactMap(\.points.first?.day).min(), last = histories.compactMap(\.points.last?.day).max()
        let span = first.flatMap { f in last.map { "\(f) to \($0)" } } ?? ""
        // As the source publishes: HMRC's monthly rates are not daily reference rates.
        let cadence = histories.first.map { SeriesCadence(of: $0.provenance.source) } ?? .daily
        let published = cadence == .daily ? "daily reference rates" : "\(cadence.rawValue) rates"
        func means(of rates: String) -> String? {
            switch query.grouping {
            case .daily: nil
            case .monthly: "monthly means of \(rates), each dated the month's first day"
            case .yearly: "yearly means of \(rates), each dated the year's first day"
            }
        }
        let source = histories.first?.provenance.sourceName ?? ""
        // Under a named rule the file says the rule, so that the books record which rates they hold:
        // the rule's own, each dated the first day a transaction takes it, or their means.
        if let note = histories.first?.provenance.rule {
            let rates = means(of: "those rates").map { "; " + $0 } ?? ", each rate dated the first day a transaction takes it"
            return "; rule \(note.rule): \(note.institution), \(note.basis)\(rates), \(pairs), \(span) (fx)"
        }
        let method = means(of: "the \(published)") ?? published
        // Asked with --partial: the days held are not the whole range, and the file says so.
        let shortfall = histories.lazy.compactMap { CoverageText.shortfall($0.provenance.coverage) }.first.map { "; only \($0)" } ?? ""
        return "; \(source) \(method), \(pairs), \(span)\(shortfall) (fx)"
    }
}
