import FXAnswers
import FXRates

/// `sources` as a table for people and as JSON; `sources compare` likewise.
public struct SourcesRenderer: Sendable {
    public let style: Style
    /// Columns a comparison's reasons wrap to.
    public let width: Int

    public init(style: Style, width: Int = 80) { (self.style, self.width) = (style, width) }

    public func text(_ report: SourcesReport, now: Date) -> String {
        let header = ["source", "on", "key", "base", "cur", "rates of", "fetched", "next expected", "req", "wasted", "last error"]
        var rows = report.rows.map { row -> [String] in
            let info = row.info, status = row.status
            let key = info.keyVariable == nil ? "-" : (info.keySet ? "set" : "none")
            let table = status?.table
            let fetched = status?.fetchedAt.map { AgeText.ago($0, now: now) } ?? "-"
            let next: String =
                status?.nextExpected.map { due in
                    due > now
                        ? "in " + AgeText.duration(due.timeIntervalSince(now))
                        : "due " + AgeText.duration(now.timeIntervalSince(due)) + " ago"
                } ?? "-"
            let usage = status?.usage
            let requests =
                usage.map { "\($0.requests)" + (status?.quota.map { "/\($0)" } ?? "") } ?? (status?.quota.map { "0/\($0)" } ?? "0")
            let error = usage?.lastError.map { Messages.printable(String($0.prefix(60))) } ?? "-"
            return [
                // An institution read through another source's server is listed under it, indented.
                (info.relayedBy == nil ? "" : "  ") + info.id.rawValue, info.enabled ? "yes" : "no", key, table?.base.rawValue ?? info.base,
                table.map { "\($0.currencies.count)" } ?? "-", table?.date.description ?? "-", fetched, next,
                requests, "\(usage?.wasted ?? 0)", error,
            ]
        }
        rows.insert(header, at: 0)
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let numeric: Set<Int> = [4, 8, 9]
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) && index > 0 ? pad + cell : cell + pad
            }.joined(separator: "  ")
            let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
            return index == 0 ? style.dim(trimmed) : trimmed
        }.joined(separator: "\n")
            + (report.relayed.flatMap { $0.providers.isEmpty ? nil : "\n" + institutionsText($0, in: report, now: now) } ?? "")
    }

    public static func json(_ report: SourcesReport) -> JSONValue {
        var top: [(String, JSONValue)] = [
            (
                "sources",
                .array(
                    report.rows.map { row in
                        let info = row.info, status = row.status
                        var members: [(String, JSONValue)] = [
                            ("id", .string(info.id.rawValue)), ("name", .string(info.name)), ("enabled", .bool(info.enabled)),
                            ("key_set", info.keyVariable == nil ? .null : .bool(info.keySet)),
                            ("base", .string(status?.table?.base.rawValue ?? info.base)),
                        ]
                        if let via = info.relayedBy { members.append(("via", .string(via.rawValue))) }
                        if let table = status?.table {
                            members += [("currencies", .int(table.currencies.count)), ("as_of", .string(table.date.description))]
                        }
                        if let fetched = status?.fetchedAt { members.append(("fetched_at", .string(fetched.formatted(.iso8601)))) }
                        if let next = status?.nextExpected { members.append(("next_expected", .string(next.formatted(.iso8601)))) }
                        members += [
                            ("requests", .int(status?.usage?.requests ?? 0)), ("wasted", .int(status?.usage?.wasted ?? 0)),
                            ("quota", status?.quota.map { .int($0) } ?? .null),
                            ("last_error", status?.usage?.lastError.map { .string($0) } ?? .null),
                        ]
                        return .object(members)
                    })
            )
        ]
        if let relayed = report.relayed { top.append(("institutions", institutionsJSON(relayed, in: report))) }
        return .object(top)
    }

    /// Each source's rate, the median, and each one's deviation from it in percent.
    public func text(_ comparison: SourceComparison) -> String {
        let median = comparison.median
        var lines = ["1 \(comparison.base) in \(comparison.quote):"]
        let nameWidth = comparison.rows.map(\.source.rawValue.count).max() ?? 0
        let rates = DecimalColumn(
            comparison.rows.compactMap { $0.quote.map { DecimalFormat.rate($0.rate) } } + (median.map { [DecimalFormat.rate($0)] } ?? []))
        for row in comparison.rows {
            let id = row.source.rawValue + String(repeating: " ", count: nameWidth - row.source.rawValue.count)
            guard let quote = row.quote else {
                // A source's reason, however long, wraps under itself: never past the terminal's edge.
                let indent = 2 + nameWidth + 2
                let wrapped = Self.wrap(Messages.printable(row.problem ?? "no rate"), width: max(20, width - indent))
                lines.append("  \(id)  " + wrapped.map(style.dim).joined(separator: "\n" + String(repeating: " ", count: indent)))
                continue
            }
            var line = "  \(id)  \(rates.aligned(DecimalFormat.rate(quote.rate)))  \(quote.provenance.date)"
            if let median, median != 0 {
                let deviation = ((quote.rate - median) / median * 100)
                line += "  " + (deviation >= 0 ? "+" : "") + DecimalFormat.fixed(deviation, fractionDigits: 3) + "%"
            }
            if let coarse = quote.coarse { line += "  " + style.dim(Messages.digits(coarse)) }
            if comparison.beyondPrecision(row) { line += "  " + style.yellow(Messages.beyondPrecision) }
            lines.append(line)
        }
        if let median {
            lines.append(
                "  " + String(repeating: " ", count: nameWidth) + "  " + style.bold(rates.aligned(DecimalFormat.rate(median))) + "  median")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than a line
    /// stands alone on its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty && !lines.isEmpty ? [] : [line])
    }

    public static func json(_ comparison: SourceComparison) -> JSONValue {
        let median = comparison.median
        return .object([
            ("base", .string(comparison.base.rawValue)), ("quote", .string(comparison.quote.rawValue)),
            ("median", median.map { .string(DecimalFormat.plain($0.rounded(significantDigits: 12))) } ?? .null),
            (
                "sources",
                .array(
                    comparison.rows.map { row in
                        guard let quote = row.quote else {
                            return .object([("source", .string(row.source.rawValue)), ("error", .string(row.problem ?? "no rate"))])
                        }
                        var members: [(String, JSONValue)] = [
                            ("source", .string(row.source.rawValue)),
                            ("rate", .string(DecimalFormat.plain(quote.rate.rounded(significantDigits: 12)))),
                            ("as_of", .string(quote.provenance.date.description)),
                        ]
                        if let median, median != 0 {
                            members.append(
                                (
                                    "deviation_percent",
                                    .string(DecimalFormat.plain(((quote.rate - median) / median * 100).rounded(scale: 6)))
                                ))
                        }
                        members += JSONRenderer.precision(quote)
                        members.append(("beyond_precision", .bool(comparison.beyondPrecision(row))))
                        return .object(members)
                    })
            ),
        ])
    }
}
