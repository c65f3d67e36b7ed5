import FXRates

/// A blend's row under `--explain`: each institution that made it, with its own rate and day,
/// so the blended figure can be set against what each central bank published.
extension ExplanationRenderer {
    /// `    ECB   1.1172  2026-11-24`, one line each, keys and rates aligned; an institution whose
    /// rate a cache of an older fx did not keep is named alone.
    static func institutionLines(_ institutions: [Contribution]) -> [String] {
        let width = institutions.map(\.key.count).max() ?? 0
        let rates = DecimalColumn(institutions.compactMap { $0.rate.map { DecimalFormat.plain($0) } })
        return institutions.map { institution in
            let key = Messages.printable(institution.key)
            guard let rate = institution.rate else { return "    \(key)" }
            let padded = key + String(repeating: " ", count: width - institution.key.count)
            return "    \(padded)  \(rates.aligned(DecimalFormat.plain(rate)))" + (institution.day.map { "  \($0)" } ?? "")
        }
    }

    static func institutionsJSON(_ institutions: [Contribution]) -> JSONValue {
        .array(
            institutions.map { institution in
                .object([
                    ("key", .string(institution.key)), ("rate", institution.rate.map { .string(DecimalFormat.plain($0)) } ?? .null),
                    ("as_of", institution.day.map { .string($0.description) } ?? .null),
                ])
            })
    }
}
