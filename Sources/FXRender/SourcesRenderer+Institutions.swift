import FXAnswers
import FXRates

/// The institutions Frankfurter relays, under the `sources` table: each one's name, country,
/// frequency, coverage and the path fx takes to it (direct, or via Frankfurter with or without
/// a `--source` of its own).
extension SourcesRenderer {
    /// How fx reaches `provider`: "direct" for an institution fx reads itself (the ECB, the Bank
    /// of Canada), "via frankfurter, --source hmrc" for one it reads as its own source through
    /// Frankfurter, "via frankfurter" for one met only in the blend.
    static func path(of provider: FrankfurterProvider, in report: SourcesReport) -> (path: String, source: SourceID?) {
        guard let row = report.rows.first(where: { $0.info.id == provider.sourceID }) else { return ("via frankfurter", nil) }
        return row.info.relayedBy == nil ? ("direct", row.info.id) : ("via frankfurter", row.info.id)
    }

    static func coverage(_ provider: FrankfurterProvider) -> String {
        "\(provider.firstDay?.description ?? "?")…\(provider.lastDay?.description ?? "?")"
    }

    /// Shown only once a list is known (a server without the route, a self-hosted one built before
    /// September 2026, answers 404: the table then stands alone, and JSON carries the error).
    func institutionsText(_ listing: FrankfurterProviderDirectory.Listing, in report: SourcesReport, now: Date) -> String {
        var head = "frankfurter relays \(listing.providers.count) institution\(listing.providers.count == 1 ? "" : "s")"
        if let fetched = listing.fetchedAt { head += " (list fetched \(AgeText.ago(fetched, now: now)))" }
        var lines = [head + ":"]
        if let problem = listing.problem { lines.append("  " + style.yellow("list not fetched: ") + Messages.printable(problem)) }
        let cells = listing.providers.map { provider -> [String] in
            let (path, source) = Self.path(of: provider, in: report)
            let country = provider.country.map { " (\($0))" } ?? ""
            return [
                provider.key, Messages.printable(provider.name + country), provider.frequency ?? "-", Self.coverage(provider),
                "\(provider.currencies.count) cur", path + (source.map { path == "direct" ? " as \($0)" : ", --source \($0)" } ?? ""),
            ]
        }
        let widths = (0..<6).map { column in cells.map { $0[column].count }.max() ?? 0 }
        for row in cells {
            let line = row.enumerated().map { column, cell in cell + String(repeating: " ", count: widths[column] - cell.count) }
            lines.append("  " + String(line.joined(separator: "  ").reversed().drop { $0 == " " }.reversed()))
        }
        return lines.joined(separator: "\n")
    }

    static func institutionsJSON(_ listing: FrankfurterProviderDirectory.Listing, in report: SourcesReport) -> JSONValue {
        .object([
            ("fetched_at", listing.fetchedAt.map { .string($0.formatted(.iso8601)) } ?? .null),
            ("error", listing.problem.map { .string($0) } ?? .null),
            (
                "providers",
                .array(
                    listing.providers.map { provider in
                        let (path, source) = path(of: provider, in: report)
                        return .object([
                            ("key", .string(provider.key)), ("name", .string(provider.name)),
                            ("country", provider.country.map { .string($0) } ?? .null),
                            ("rate_type", provider.rateType.map { .string($0) } ?? .null),
                            ("frequency", provider.frequency.map { .string($0) } ?? .null),
                            ("start_date", provider.firstDay.map { .string($0.description) } ?? .null),
                            ("end_date", provider.lastDay.map { .string($0.description) } ?? .null),
                            ("currencies", .array(provider.currencies.map { .string($0) })),
                            ("path", .string(path)), ("source", source.map { .string($0.rawValue) } ?? .null),
                        ])
                    })
            ),
        ])
    }
}
