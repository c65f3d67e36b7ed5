import FXCommands
import FXRates

/// A `watch` board as text, a pure function of its rows, the time and the terminal's size: a
/// heading, then one line per pair (price, change, sparkline, source and age), cut to the width.
public struct WatchBoard: Sendable {
    public let style: Style
    public let columns: Int
    public let rows: Int

    public init(style: Style, columns: Int, rows: Int) {
        (self.style, self.columns, self.rows) = (style, columns, rows)
    }

    /// The lines of the board; `every` describes the pace (`every 60s`), `note` a warning to show under it.
    public func lines(_ board: [WatchRow], now: Date, every: String, note: String? = nil) -> [String] {
        let heading = "fx watch · \(every) · any key leaves"
        let time = Messages.isoTime(now)
        let gap = columns - DisplayWidth.of(heading) - DisplayWidth.of(time)
        var lines = [style.bold(gap >= 1 ? heading + String(repeating: " ", count: gap) + time : fit(heading)), ""]
        let names = board.map(\.name), prices = board.map { $0.quote.map { price($0) } ?? "—" }
        let changes = board.map { $0.change?.text ?? "" }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let priceWidth = prices.map(DisplayWidth.of).max() ?? 0
        let changeWidth = changes.map(DisplayWidth.of).max() ?? 0
        for (index, row) in board.enumerated() {
            // Each part is added while the line still fits: price and change first, then the rest.
            var plain = pad(names[index], nameWidth) + "  " + pad(prices[index], priceWidth, right: true)
            var shown = plain
            if changeWidth > 0 {
                let change = changes[index]
                plain += "  " + pad(change, changeWidth)
                shown += "  " + (row.change?.styled(style) ?? "") + String(repeating: " ", count: changeWidth - DisplayWidth.of(change))
            }
            // Why a row has no price comes before its sparkline, and is cut to the width rather
            // than dropped: a row of "—" alone would say nothing.
            if row.quote == nil, let problem = row.problem {
                let room = columns - DisplayWidth.of(plain) - 2
                let said = DisplayWidth.of(problem) <= room ? problem : fit(problem, to: room - 1) + "…"
                if room >= 2 {
                    plain += "  " + said
                    shown += "  " + style.yellow(said)
                }
            }
            for part in [Sparkline.text(row.closes), row.quote == nil ? "" : about(row, now: now)] where !part.isEmpty {
                guard DisplayWidth.of(plain) + 2 + DisplayWidth.of(part) <= columns else { break }
                plain += "  " + part
                shown += "  " + (part.first.map(Sparkline.blocks.contains) == true ? part : style.dim(part))
            }
            lines.append(DisplayWidth.of(plain) <= columns ? shown : fit(plain))
        }
        if let note { lines += ["", style.yellow(fit(note))] }
        return Array(lines.prefix(max(1, rows)))
    }

    /// The price as `rate` shows it, digits grouped.
    private func price(_ quote: Quote) -> String {
        DecimalFormat.plain(Decimal(exactly: DecimalFormat.rate(quote.rate)) ?? quote.rate, grouping: true)
    }

    /// `European Central Bank · 2026-10-30 · 5m ago`, or the problem of the last refresh.
    private func about(_ row: WatchRow, now: Date) -> String {
        if let problem = row.problem { return problem }
        guard let quote = row.quote else { return "" }
        let provenance = quote.provenance
        let age = provenance.fetchedAt.map { AgeText.ago($0, now: now) } ?? provenance.origin.rawValue
        return "\(provenance.sourceName) · \(provenance.date) · \(age)"
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
        return right ? space + text : text + space
    }

    /// Cut to the width (the board's, by default), by display columns.
    private func fit(_ text: String, to limit: Int? = nil) -> String {
        let columns = limit ?? self.columns
        var kept = "", width = 0
        for character in text {
            let next = DisplayWidth.of(String(character))
            guard width + next <= columns else { break }
            kept.append(character)
            width += next
        }
        return kept
    }
}

/// The pipe form of a board: one line per pair per refresh, fields apart by spaces, for a script:
/// `2026-10-30T17:00:00Z USD/JPY 157.25 +0.42 (+0.27%) ecb 7200s`; `n/a (n/a)` without a previous close.
public enum WatchLogLine {
    public static func text(_ row: WatchRow, now: Date) -> String? {
        guard let quote = row.quote else { return nil }
        let change = row.change?.text ?? "n/a (n/a)"
        // In whole seconds, one field: "3m 12s" would be two.
        let age = quote.provenance.fetchedAt.map { "\(max(0, Int(now.timeIntervalSince($0))))s" } ?? quote.provenance.origin.rawValue
        return "\(Messages.isoTime(now)) \(row.name) \(DecimalFormat.rate(quote.rate)) \(change) \(quote.provenance.source) \(age)"
    }
}
