import FXRates

extension ConversionLogEntry {
    /// What the conversion log keeps of one answered line: an entry per target of a conversion
    /// or per pair of a rate lookup, one for a whole table, none for anything else.
    /// A line typed with a leading space is not kept (the shells' "don't record this").
    public static func entries(for outcome: Outcome, line typed: String, at time: Date) -> [ConversionLogEntry] {
        guard !typed.hasPrefix(" ") else { return [] }
        let line = typed.trimmedOfWhitespace
        guard !line.isEmpty else { return [] }
        func entry(_ result: String, _ quote: Quote?, rate: Bool = true) -> ConversionLogEntry {
            ConversionLogEntry(
                time: time, line: line, result: result, rate: rate ? quote.map(exactRate) : nil,
                source: quote?.provenance.source, asOf: quote?.provenance.date)
        }
        switch outcome {
        case .conversion(let conversion):
            return conversion.lines.map { target in
                entry(
                    DecimalFormat.fixed(target.result, fractionDigits: target.fractionDigits, grouping: true)
                        + " \(target.quote.to.rawValue)", target.quote)
            }
        case .rates(let listing) where listing.wholeTable:
            // Thirty rows would drown the log; the table's date says which one it was.
            let count = listing.quotes.count
            return [entry("1 \(listing.base.rawValue) = \(count) rate\(count == 1 ? "" : "s")", listing.quotes.first, rate: false)]
        case .rates(let listing):
            return listing.quotes.map { quote in
                entry("1 \(quote.from.rawValue) = \(DecimalFormat.rate(quote.rate)) \(quote.to.rawValue)", quote)
            }
        case .calculation(let calculation):
            // One entry per target; the rate kept is the first term's, when one was converted.
            return calculation.lines.map { line in
                entry(line.shownResult(kind: calculation.kind), line.terms.lazy.compactMap(\.quote).first)
            }
        // A condition is a script's question (a cron job's every minute), a board a stream of them: neither is logged.
        case .refresh, .history, .series, .average, .log, .sources, .comparison, .configured, .listing, .help, .statement, .condition,
            .watch, .quit:
            return []
        }
    }

    /// Twelve significant digits, as `--json` prints rates: every published ECB rate exactly,
    /// a cross rate (one published rate divided by another) far beyond any amount's cents.
    static func exactRate(_ quote: Quote) -> String {
        DecimalFormat.plain(quote.rate.rounded(significantDigits: 12))
    }
}
