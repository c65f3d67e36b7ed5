import FXAnswers
import FXRates

/// `--explain` written out: lines for stderr, or the `explain` object of `--json`.
public enum ExplanationRenderer {
    /// How rounding is done everywhere in fx, said the same way every time.
    static func rounding(_ digits: Int) -> String { "half away from zero, \(digits) decimal\(digits == 1 ? "" : "s")" }

    /// The unrounded value cut four places past the rounding, with `…` when digits were cut.
    static func cut(_ value: Decimal, _ digits: Int) -> String {
        let full = DecimalFormat.plain(value)
        guard let point = full.firstIndex(of: ".") else { return full }
        let kept = full.distance(from: point, to: full.endIndex) - 1
        return kept <= digits + 4 ? full : String(full[...full.index(point, offsetBy: digits + 4)]) + "…"
    }

    static func source(_ provenance: Provenance) -> String {
        var source = provenance.source.rawValue.uppercased()
        if let basis = provenance.basis, !provenance.rows.isEmpty { source += " (\(basis))" }
        var parts = [source, "published \(provenance.date)"]
        parts.append(provenance.fetchedAt.map { "fetched \($0.formatted(.iso8601))" } ?? "built into fx")
        if provenance.origin == .cache { parts.append("from the cache") }
        return parts.joined(separator: " · ")
    }

    public static func text(_ explanation: Explanation) -> String {
        var lines: [String] = []
        for step in explanation.steps {
            let place = explanation.place.map { "\($0): " } ?? ""
            lines.append("explain: \(place)\(DecimalFormat.plain(step.amount)) \(step.quote.from) in \(step.quote.to)")
            // A named rule's steps first: which series, which day, which rounding.
            for said in step.quote.provenance.rule?.steps ?? [] { lines.append("  \(said)") }
            for rate in step.rates {
                lines.append("  \(rate.name) = \(DecimalFormat.plain(rate.rate))   \(source(rate.provenance))")
                lines += institutionLines(rate.institutions)
            }
            lines.append("  \(step.formula)")
            lines.append(
                "  \(DecimalFormat.plain(step.amount)) \(step.quote.from) × \(step.quote.to) per \(step.quote.from) = "
                    + "\(DecimalFormat.plain(step.unrounded)) \(step.quote.to)")
            if let rounded = step.rounded {
                lines.append(
                    "  = \(cut(step.unrounded, step.fractionDigits))  → \(DecimalFormat.fixed(rounded, fractionDigits: step.fractionDigits)) "
                        + "(\(rounding(step.fractionDigits)))")
            }
        }
        if let fee = explanation.fee, let step = explanation.steps.first {
            let digits = step.fractionDigits
            lines.append(
                "  fee \(DecimalFormat.plain(fee.percent))% × \(cut(step.unrounded, digits)) → "
                    + "\(DecimalFormat.fixed(fee.amount, fractionDigits: digits)) (\(rounding(digits)))")
        }
        if let total = explanation.total {
            lines.append("explain: the sum, unrounded = \(DecimalFormat.plain(total.unrounded)) \(total.currency)")
            lines.append(
                "  = \(cut(total.unrounded, total.fractionDigits))  → \(DecimalFormat.fixed(total.rounded, fractionDigits: total.fractionDigits)) "
                    + "(\(rounding(total.fractionDigits)))")
        }
        return lines.joined(separator: "\n")
    }

    public static func json(_ explanation: Explanation) -> JSONValue {
        let steps: [JSONValue] = explanation.steps.map { step in
            var members: [(String, JSONValue)] = [
                ("amount", .string(DecimalFormat.plain(step.amount))), ("from", .string(step.quote.from.rawValue)),
                ("to", .string(step.quote.to.rawValue)),
                (
                    "rates",
                    .array(
                        step.rates.map { rate in
                            var members: [(String, JSONValue)] = [
                                ("name", .string(rate.name)), ("rate", .string(DecimalFormat.plain(rate.rate))),
                                ("source", .string(rate.provenance.source.rawValue)), ("as_of", .string(rate.provenance.date.description)),
                                ("origin", .string(rate.provenance.origin.rawValue)),
                            ]
                            if !rate.provenance.rows.isEmpty, let basis = rate.provenance.basis {
                                members.append(("basis", .string(basis)))
                            }
                            if !rate.institutions.isEmpty { members.append(("institutions", institutionsJSON(rate.institutions))) }
                            if let fetchedAt = rate.provenance.fetchedAt {
                                members.append(("fetched_at", .string(fetchedAt.formatted(.iso8601))))
                            }
                            return .object(members)
                        })
                ),
                ("formula", .string(step.formula)), ("rate", .string(DecimalFormat.plain(step.quote.rate))),
                ("unrounded", .string(DecimalFormat.plain(step.unrounded))),
            ]
            if let note = step.quote.provenance.rule { members.append(("rule_steps", .array(note.steps.map(JSONValue.string)))) }
            if let rounded = step.rounded {
                members += [
                    ("rounded", .string(DecimalFormat.fixed(rounded, fractionDigits: step.fractionDigits))),
                    ("rounding", .string(rounding(step.fractionDigits))),
                ]
            }
            return .object(members)
        }
        var members: [(String, JSONValue)] = [("steps", .array(steps))]
        if let total = explanation.total {
            members += [
                ("unrounded", .string(DecimalFormat.plain(total.unrounded))),
                ("rounded", .string(DecimalFormat.fixed(total.rounded, fractionDigits: total.fractionDigits))),
                ("rounding", .string(rounding(total.fractionDigits))),
            ]
        }
        return .object(members)
    }
}
