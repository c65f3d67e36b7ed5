import FXAnswers
import FXCommands
import FXRates

/// Calculator answers: `100.00 USD + 20.00 EUR = 96.05 GBP`, the fee and total on lines of their
/// own, the reference rate beside a rate of your own, and the rates used when a person watches.
struct CalculationRenderer {
    let text: TextRenderer

    func render(_ result: CalculationResult, now: Date) -> String {
        let style = text.style
        var lines: [String] = []
        let prefix = result.assignedTo.map { "\($0) = " } ?? ""
        for line in result.lines {
            let shown = style.bold(line.shownResult(kind: result.kind))
            // With a fee, the line before it shows the subtotal; the total follows the fee.
            let answer = line.fee.map { fixed($0.subtotal, line) } ?? shown
            switch result.kind {
            case .share: lines.append(prefix + "\(result.echo) = " + shown)
            case .reverse: lines.append(prefix + "\(answer) buys \(result.echo)")
            case .value: lines.append(prefix + "\(result.echo) = " + answer)
            }
            if let fee = line.fee {
                lines.append("fee " + feeSize(fee.size) + " = " + fixed(fee.amount, line))
                lines.append("total = " + shown)
            }
            if let given = line.givenRate { lines.append(Self.givenRateLine(given)) }
        }
        // Said always, not only to a person: a mean is not the rate of any one day.
        if let period = result.average {
            lines.append("at the mean of the daily reference rates of \(CoverageText.period(period.description, coverage(result)))")
        }
        let quotes = result.lines.flatMap { $0.terms.compactMap(\.quote) }
        if text.showProvenance, quotes.count > 1 || result.kind != .value && !quotes.isEmpty {
            var seen: [String] = []
            for quote in quotes {
                let rate = "1 \(quote.from) = \(DecimalFormat.rate(quote.rate)) \(quote.to)"
                if !seen.contains(rate) { seen.append(rate) }
            }
            lines.append(style.dim(seen.joined(separator: " · ")))
        }
        lines += text.provenanceLines(result.lines.flatMap { $0.quotes.flatMap(\.provenances) }, now: now)
        lines += text.crossLines(quotes)
        return lines.joined(separator: "\n")
    }

    /// What the means used hold of the period: the first not held whole, else the first.
    private static func coverage(_ result: CalculationResult) -> PeriodCoverage? {
        let all = result.lines.flatMap { $0.quotes.flatMap(\.provenances) }.compactMap(\.coverage)
        return all.first { !$0.isComplete } ?? all.first
    }

    private func coverage(_ result: CalculationResult) -> PeriodCoverage? { Self.coverage(result) }

    private func fixed(_ value: Decimal, _ line: CalculationResult.Line) -> String {
        DecimalFormat.fixed(value, fractionDigits: line.fractionDigits, grouping: true) + (line.currency.map { " \($0)" } ?? "")
    }

    private func feeSize(_ size: Calculation.Fee.Size) -> String {
        switch size {
        case .percent(let share): DecimalFormat.plain(share) + "%"
        case .fixed(let amount, let code): DecimalFormat.plain(amount) + " " + code.rawValue
        }
    }

    /// `{"expression", "results": [{"expression", "result", "currency", "terms": [...], "fee"?}]}`, one per target.
    static func json(_ result: CalculationResult) -> JSONValue {
        let objects: [JSONValue] = result.lines.map { line in
            var members: [(String, JSONValue)] = [
                ("expression", .string(result.text)),
                ("result", .string(result.kind == .share ? DecimalFormat.fixed(line.result, fractionDigits: 2) : resultText(line))),
                ("currency", line.currency.map { .string($0.rawValue) } ?? .null),
            ]
            if result.kind == .share { members.append(("unit", .string("percent"))) }
            if result.kind == .reverse { members.append(("buys", .string(result.echo))) }
            if let name = result.assignedTo { members.append(("assigned_to", .string(name))) }
            members += JSONRenderer.meaning(result.dateMeaning)
            if let period = result.average {
                members += [("average_of", .string(period.description)), ("coverage", CoverageText.json(coverage(result)))]
            }
            members.append(("terms", .array(line.terms.map { term(line, $0) })))
            if let fee = line.fee {
                var feeMembers: [(String, JSONValue)] = [
                    ("subtotal", .string(DecimalFormat.fixed(fee.subtotal, fractionDigits: line.fractionDigits))),
                    ("amount", .string(DecimalFormat.fixed(fee.amount, fractionDigits: line.fractionDigits))),
                ]
                switch fee.size {
                case .percent(let share): feeMembers.append(("percent", .string(DecimalFormat.plain(share))))
                case .fixed(let amount, let code):
                    feeMembers += [("fixed", .string(DecimalFormat.plain(amount))), ("fixed_currency", .string(code.rawValue))]
                }
                members.append(("fee", .object(feeMembers)))
            }
            if let given = line.givenRate { members.append(("given_rate", givenRateJSON(given))) }
            return .object(members)
        }
        // One target or several, the same shape.
        return .object([("expression", .string(result.text)), ("results", .array(objects))])
    }

    /// `at 150.5 JPY per USD; reference 157.25 (ECB 2026-10-30): 4.29% below it`, the rate as its pair was written.
    private static func givenRateLine(_ given: CalculationResult.GivenRateLine) -> String {
        let written = "at \(DecimalFormat.plain(given.rate)) \(given.quote) per \(given.base)"
        guard let reference = given.reference, let rate = given.referenceRate, let deviation = given.deviation?.rounded(scale: 2) else {
            return written + "; no reference rate held to compare it with"
        }
        let side = deviation < 0 ? "below" : "above"
        return written + "; reference \(DecimalFormat.rate(rate)) "
            + "(\(reference.provenance.source.rawValue.uppercased()) \(reference.provenance.date)): "
            + (deviation == 0 ? "the same" : "\(DecimalFormat.fixed(abs(deviation), fractionDigits: 2))% \(side) it")
    }

    /// `{"rate", "pair", "reference_rate", "deviation_percent", "far_from_reference", "reference_source", "reference_date"}`.
    private static func givenRateJSON(_ given: CalculationResult.GivenRateLine) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rate", .string(DecimalFormat.plain(given.rate))), ("pair", .string("\(given.base)/\(given.quote)")),
        ]
        guard let reference = given.reference, let rate = given.referenceRate, let deviation = given.deviation else {
            return .object(members + [("reference_rate", .null)])
        }
        members += [
            ("reference_rate", .string(DecimalFormat.plain(rate.rounded(significantDigits: 12)))),
            ("deviation_percent", .string(DecimalFormat.plain(deviation.rounded(scale: 6)))),
            ("far_from_reference", .bool(given.farFromReference)),
            ("reference_source", .string(reference.provenance.source.rawValue)),
            ("reference_date", .string(reference.provenance.date.description)),
        ]
        return .object(members)
    }

    private static func resultText(_ line: CalculationResult.Line) -> String {
        line.currency == nil ? DecimalFormat.plain(line.result) : DecimalFormat.fixed(line.result, fractionDigits: line.fractionDigits)
    }

    private static func term(_ line: CalculationResult.Line, _ term: CalculationResult.Term) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("amount", .string(DecimalFormat.plain(term.amount))),
            ("from", .string(term.from.rawValue)),
            ("rate", term.quote.map { .string(JSONRenderer.rateText($0)) } ?? (term.from == line.currency ? .string("1") : .null)),
            // Unrounded, to the 38 digits it was summed with, trimmed to 12 decimals past the cent.
            ("converted", .string(DecimalFormat.plain(term.converted.rounded(scale: line.fractionDigits + 12)))),
        ]
        if let quote = term.quote {
            members += [("as_of", .string(quote.provenance.date.description)), ("source", .string(quote.provenance.source.rawValue))]
        }
        return .object(members)
    }
}

/// `settings` and `vars`: one `name  value` row each, aligned.
enum ListingRenderer {
    static func text(_ listing: Listing, style: Style) -> String {
        guard !listing.rows.isEmpty else {
            return listing.title == "variables" ? "no variables yet; set one with: rent = 1450 chf" : "no \(listing.title)"
        }
        let width = listing.rows.map(\.name.count).max() ?? 0
        return listing.rows.map { $0.name + String(repeating: " ", count: width - $0.name.count) + "  " + ($0.value ?? "(none)") }.joined(
            separator: "\n")
    }

    static func json(_ listing: Listing) -> JSONValue {
        .object([(listing.title, .object(listing.rows.map { ($0.name, $0.value.map(JSONValue.string) ?? .null) }))])
    }
}
