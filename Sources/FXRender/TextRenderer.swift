import FXAnswers
import FXRates

/// Plain text for people and for `grep`: results on stdout, one per line, with a dim
/// provenance line when a person is watching.
public struct TextRenderer: Sendable {
    public let style: Style
    /// Under each answer, where its rates came from and how old they are (terminal only).
    public let showProvenance: Bool
    public let catalog: CurrencyCatalog
    /// Terminal columns, for charts.
    public let width: Int
    /// The snapshot answering: provenance names it instead of an age that would change between runs.
    public var snapshot: String?

    public init(style: Style, showProvenance: Bool, catalog: CurrencyCatalog = .standard, width: Int = 80, snapshot: String? = nil) {
        self.snapshot = snapshot
        self.style = style
        self.showProvenance = showProvenance
        self.catalog = catalog
        self.width = width
    }

    public func render(_ outcome: Outcome, now: Date) -> String? {
        switch outcome {
        case .conversion(let conversion): return conversionText(conversion, now: now)
        case .rates(let listing): return ratesText(listing, now: now)
        case .calculation(let result): return CalculationRenderer(text: self).render(result, now: now)
        case .listing(let listing): return ListingRenderer.text(listing, style: style)
        case .refresh(let reports): return reports.map(refreshLine).joined(separator: "\n")
        case .history(let history, let format):
            let text = HistoryRenderer(style: style, width: width).text(history, format: format)
            guard format == .chart || format == .table else { return text }
            let shortfall = CoverageText.shortfall(history.provenance.coverage).map { [$0] } ?? []
            return ([text] + shortfall + provenanceLines([history.provenance], now: now)).joined(separator: "\n")
        case .series(let histories, let query, _): return HistorySeriesRenderer.text(histories, query: query)
        case .average(let histories, let period):
            return ([AverageRenderer.text(histories, period: period)] + provenanceLines(histories.map(\.provenance), now: now))
                .joined(separator: "\n")
        case .log(let entries, let format): return LogRenderer(style: style).text(entries, format: format)
        case .sources(let report): return SourcesRenderer(style: style).text(report, now: now)
        case .comparison(let comparison): return SourcesRenderer(style: style, width: width).text(comparison)
        case .configured(let text): return text
        case .help(let text): return text
        case .condition(let verdict): return ConditionRenderer(text: self).text(verdict, now: now)
        // A statement's rows are streamed by the shell as they are converted, never held whole;
        // a board is drawn by the shell as it refreshes.
        case .statement, .watch, .quit: return nil
        }
    }

    /// `100.00 USD = 89.51 EUR`, one line per target.
    private func conversionText(_ conversion: Conversion, now: Date) -> String {
        let amount = DecimalFormat.fixed(conversion.amount, fractionDigits: conversion.amountDigits, grouping: true)
        var lines = conversion.lines.map { line in
            "\(amount) \(conversion.from) = "
                + style.bold(DecimalFormat.fixed(line.result, fractionDigits: line.fractionDigits, grouping: true) + " \(line.quote.to)")
        }
        lines += provenanceLines(conversion.lines.flatMap(\.quote.provenances), now: now)
        lines += crossLines(conversion.lines.map(\.quote))
        return lines.joined(by: "\n")
    }

    private func ratesText(_ listing: RateListing, now: Date) -> String {
        var lines: [String]
        if listing.wholeTable {
            let rows = listing.quotes.map { (code: $0.to.rawValue, rate: DecimalFormat.rate($0.rate), name: catalog[$0.to]?.name ?? "") }
            let integerWidth = rows.map { $0.rate.prefix { $0 != "." }.count }.max() ?? 0
            let fractionWidth = rows.map { $0.rate.drop { $0 != "." }.count }.max() ?? 0
            lines = ["1 \(listing.base) ="]
            lines += rows.map { row in
                let integer = row.rate.prefix { $0 != "." }, fraction = row.rate.drop { $0 != "." }
                let number =
                    String(repeating: " ", count: integerWidth - integer.count) + row.rate
                    + String(repeating: " ", count: fractionWidth - fraction.count)
                return "  \(row.code)  \(number)  \(style.dim(row.name))"
            }
        } else {
            lines = listing.quotes.map { quote in
                "1 \(quote.from) = " + style.bold("\(DecimalFormat.rate(quote.rate)) \(quote.to)") + changeText(quote)
                    + style.dim("   (1 \(quote.to) = \(DecimalFormat.rate(1 / quote.rate)) \(quote.from))")
            }
        }
        lines += provenanceLines(listing.quotes.flatMap(\.provenances), now: now)
        lines += crossLines(listing.quotes)
        return lines.joined(separator: "\n")
    }

    /// `  +0.42 (+0.27%)` against the previous publication, green up and red down, to the
    /// decimals the rate is shown with; nothing when the source gave no previous rates.
    private func changeText(_ quote: Quote) -> String {
        guard let previous = quote.previous, let change = ChangeText(rate: quote.rate, previous: previous.rate) else { return "" }
        if change.direction == 0 { return style.dim("  unchanged since \(previous.day)") }
        return change.direction > 0 ? style.green("  " + change.text) : style.red("  " + change.text)
    }

    private func refreshLine(_ report: RefreshReport) -> String {
        let id = report.source.rawValue
        switch report.outcome {
        case .updated(let entry):
            let from = report.previous.map { "\($0.date) → " } ?? ""
            // Counted as `sources` counts them: the base is one of the table's currencies.
            let count = entry.table.currencies.count
            var line =
                "\(id): " + style.green("updated") + " \(from)\(entry.table.date) "
                + "(\(count) \(count == 1 ? "currency" : "currencies") with \(entry.table.base)"
            // What the new table adds or drops against the one it replaced.
            if let previous = report.previous {
                let added = Set(entry.table.rates.keys).subtracting(previous.rates.keys).sorted()
                let dropped = Set(previous.rates.keys).subtracting(entry.table.rates.keys).sorted()
                let moved = entry.table.rates.filter { code, rate in previous.rates[code].map { $0 != rate } ?? false }.count
                if previous.date != entry.table.date || moved > 0 { line += "; \(moved) changed" }
                if !added.isEmpty { line += "; added \(added.map(\.rawValue).joined(separator: ", "))" }
                if !dropped.isEmpty { line += "; dropped \(dropped.map(\.rawValue).joined(separator: ", "))" }
            }
            return line + ")"
        case .unchanged(let entry):
            return "\(id): unchanged, still \(entry.table.date) (nothing new was published; a wasted request)"
        case .failed(let failure):
            // Not asking because the server asked for time is no failure of the request.
            if case .waitingUntil = failure { return "\(id): " + style.yellow("not asked") + ": \(Messages.text(for: failure))" }
            return "\(id): " + style.red("failed") + ": \(Messages.text(for: failure))"
        }
    }

    /// `USD → KRW crossed via USD: European Central Bank for USD, Dunamu (Hana Bank) for KRW`, for
    /// quotes resting on two sources.
    func crossLines(_ quotes: [Quote]) -> [String] {
        guard showProvenance else { return [] }
        var seen: [String] = []
        for quote in quotes {
            guard let via = quote.via, let second = quote.secondLeg else { continue }
            let line =
                "\(quote.from) → \(quote.to) crossed via \(via): \(quote.provenance.sourceName) for \(quote.from), "
                + "\(second.sourceName) for \(quote.to)"
            if !seen.contains(line) { seen.append(line) }
        }
        return seen.map(style.dim)
    }

    /// How long past its due time a newer publication must be missing to be said.
    static let overdueAfter: TimeInterval = 3600

    /// `ECB · 2026-10-30 · fetched 3m 12s ago`, once per distinct source and date; for rates whose
    /// successor is missing, `ECB · 2026-10-30 · newer rates 22d overdue · checked just now`.
    func provenanceLines(_ provenances: [Provenance], now: Date) -> [String] {
        guard showProvenance else { return [] }
        var seen: [String] = []
        for provenance in provenances {
            var date = provenance.date.description
            if let note = provenance.rule {
                // `pl-nbp: NBP table A of 2024-02-29, the business day before 2024-03-01`.
                date = note.sentence
            } else if let requested = provenance.requested, provenance.previousBusinessDay {
                date += " (the publication before \(requested))"
            } else if let requested = provenance.requested {
                // Say which day answered, and why the day asked for had nothing.
                let why = TargetCalendar.closure(on: requested).map { ", \($0)" } ?? ""
                date += " (no rates on \(requested)\(why))"
            }
            // An exchange's day is its close: the last trade before 00:00 UTC.
            if provenance.dailyClose { date += " close (UTC)" }
            var parts = [provenance.basis ?? provenance.source.rawValue.uppercased(), date]
            // A moving price says the second it was taken (UTC, as the exchanges date their days).
            if let pricedAt = provenance.pricedAt { parts[1] = PricedAt.text(pricedAt) }
            if let snapshot {
                parts.append("snapshot \(snapshot)")
                let line = parts.joined(by: " · ")
                if !seen.contains(line) { seen.append(line) }
                continue
            }
            switch provenance.origin {
            case .builtIn: parts.append("built-in rates")
            case .network, .cache:
                // A source that stalled answers every check with the same old table: "fetched
                // just now" would hide that the rates are weeks old. Sources are late by minutes
                // as a matter of course, so an hour passes before this is said.
                let overdue = provenance.staleness(at: now)
                if overdue >= Self.overdueAfter { parts.append("newer rates \(AgeText.duration(overdue)) overdue") }
                if let fetchedAt = provenance.fetchedAt {
                    parts.append((overdue >= Self.overdueAfter ? "checked " : "fetched ") + AgeText.ago(fetchedAt, now: now))
                }
            }
            let line = parts.joined(by: " · ")
            if !seen.contains(line) { seen.append(line) }
        }
        return seen.map(style.dim)
    }
}
