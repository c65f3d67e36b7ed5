import FXCommands
import FXAnswers
import FXCommands
import FXRates

/// `--json`: one object per command; money and rates are strings holding exact decimals.
public enum JSONRenderer {
    public static func render(_ outcome: Outcome) -> String? {
        value(outcome).map { JSONDocument.text($0) }
    }

    /// As `render(_:)`, the object also naming the snapshot that answered (`"snapshot": "q3-close"`,
    /// first) and carrying `--explain`'s derivation (`"explain": {…}`, last).
    /// `understood`: the names and symbols read as currencies (`"understood": […]`, before `explain`).
    public static func render(_ outcome: Outcome, snapshot: String?, explain: JSONValue? = nil, understood: [Understood] = []) -> String? {
        guard let value = value(outcome) else { return nil }
        guard case .object(var members) = value else { return JSONDocument.text(value) }
        // `snapshot show` is itself the snapshot's object: its key is not said twice.
        if let snapshot, !members.contains(where: { $0.0 == "snapshot" }) { members.insert(("snapshot", .string(snapshot)), at: 0) }
        if !understood.isEmpty { members.append(("understood", json(understood))) }
        if let explain { members.append(("explain", explain)) }
        return JSONDocument.text(.object(members))
    }

    /// The object of one answer, before it is written.
    static func value(_ outcome: Outcome) -> JSONValue? {
        switch outcome {
        case .conversion(let conversion): return conversionJSON(conversion)
        case .rates(let listing): return ratesJSON(listing)
        case .calculation(let result): return CalculationRenderer.json(result)
        case .listing(let listing): return ListingRenderer.json(listing)
        case .refresh(let reports): return .object([("refresh", .array(reports.map(refreshJSON)))])
        case .history(let history, _): return HistoryRenderer.listed(history)
        case .series(let histories, let query, _): return HistorySeriesRenderer.json(histories, query: query)
        case .average(let histories, let period): return AverageRenderer.json(histories, period: period)
        case .log(let entries, _): return LogRenderer.json(entries)
        case .sources(let report): return SourcesRenderer.json(report)
        case .comparison(let comparison): return SourcesRenderer.json(comparison)
        case .configured(let text): return .object([("configured", .string(text))])
        case .help(let text): return .object([("help", .string(text))])
        case .condition(let verdict): return ConditionRenderer.json(verdict)
        // A statement's rows are streamed by the shell as they are converted, never held whole;
        // a board is drawn by the shell as it refreshes.
        case .statement, .watch, .quit: return nil
        }
    }

    /// `{"error": {"code", "message", "line"?}}`.
    public static func render(_ failure: Failure, line: Int?) -> String {
        var members: [(String, JSONValue)] = [("code", .string(failure.code)), ("message", .string(failure.message))]
        if let line { members.append(("line", .int(line))) }
        if let span = spanOf(failure) { members.append(("column", .int(span.lowerBound + 1))) }
        return JSONDocument.text(.object([("error", .object(members))]))
    }

    /// `{"error": {"code", "message"}}` for a command line fx cannot act on (`invalid_option`
    /// unless given), printed before any line is read.
    public static func render(optionError message: String, code: String? = nil) -> String {
        let members: [(String, JSONValue)] = [("code", .string(code ?? "invalid_option")), ("message", .string(message))]
        return JSONDocument.text(.object([("error", .object(members))]))
    }

    private static func conversionJSON(_ conversion: Conversion) -> JSONValue {
        let amount = JSONValue.string(DecimalFormat.plain(conversion.amount))
        let lines: [JSONValue] = conversion.lines.map { line in
            var members: [(String, JSONValue)] = [
                ("amount", amount),
                ("from", .string(conversion.from.rawValue)),
                ("to", .string(line.quote.to.rawValue)),
                ("result", .string(DecimalFormat.fixed(line.result, fractionDigits: line.fractionDigits))),
                ("rate", .string(rateText(line.quote))),
            ]
            members += provenance(line.quote.provenance) + cross(line.quote) + precision(line.quote)
            return .object(members + meaning(conversion.dateMeaning))
        }
        // One target or several, the same shape: a script reads `conversions` either way.
        return .object([("amount", amount), ("from", .string(conversion.from.rawValue)), ("conversions", .array(lines))])
    }

    /// `{"base", "rates": [{"quote", "rate", …provenance}]}`: one pair, several or the whole table,
    /// each rate with its own date and source (a table's rows need not share them).
    private static func ratesJSON(_ listing: RateListing) -> JSONValue {
        let rates: [JSONValue] = listing.quotes.map { quote in
            var members: [(String, JSONValue)] = [("quote", .string(quote.to.rawValue)), ("rate", .string(rateText(quote)))]
            members += change(quote) + provenance(quote.provenance) + cross(quote) + precision(quote)
            return .object(members)
        }
        return .object([("base", .string(listing.base.rawValue)), ("rates", .array(rates))] + meaning(listing.dateMeaning))
    }

    /// `"date_typed": "yesterday", "date_meant": "2026-11-24"`: what a date in words meant.
    static func meaning(_ meaning: DateMeaning?) -> [(String, JSONValue)] {
        guard let meaning else { return [] }
        return [("date_typed", .string(meaning.typed)), ("date_meant", .string(meaning.day.description))]
    }

    private static func refreshJSON(_ report: RefreshReport) -> JSONValue {
        var members: [(String, JSONValue)] = [("source", .string(report.source.rawValue))]
        switch report.outcome {
        case .updated(let entry):
            members += [
                ("status", .string("updated")), ("as_of", .string(entry.table.date.description)),
                ("previous_date", report.previous.map { .string($0.date.description) } ?? .null),
                ("currencies", .int(entry.table.currencies.count)),
            ]
            members += notPriced(entry)
        case .unchanged(let entry):
            members += [("status", .string("unchanged")), ("as_of", .string(entry.table.date.description))]
            members += notPriced(entry)
        case .failed(.waitingUntil(let until)):
            // Not asked at all: a script can tell this from a failure, and when to try again.
            members += [
                ("status", .string("not_asked")), ("message", .string(Messages.text(for: FetchFailure.waitingUntil(until)))),
                ("retry_after", .string(Messages.isoTime(until))),
            ]
        case .failed(let failure):
            members += [("status", .string("failed")), ("message", .string(Messages.text(for: failure)))]
            if case .throttled(_, .date(let until)) = failure { members.append(("retry_after", .string(Messages.isoTime(until)))) }
        }
        return .object(members)
    }

    /// `"not_priced":{"XRP":"Invalid currency (not_found)"}`: what the fetch went without, and why; nothing when it priced all.
    private static func notPriced(_ entry: CachedRates) -> [(String, JSONValue)] {
        guard !entry.gaps.isEmpty else { return [] }
        return [("not_priced", .object(entry.gaps.map { ($0.code.rawValue, .string(Messages.text(for: $0.failure))) }))]
    }

    /// Direct rates exactly as published; cross rates to 12 significant digits.
    static func rateText(_ quote: Quote) -> String {
        DecimalFormat.plain(quote.rate.rounded(significantDigits: 12))
    }

    /// The change against the source's previous publication, when known.
    static func change(_ quote: Quote) -> [(String, JSONValue)] {
        guard let previous = quote.previous, previous.rate != 0 else { return [] }
        let change = (quote.rate - previous.rate).rounded(significantDigits: 12)
        let percent = ((quote.rate - previous.rate) / previous.rate * 100).rounded(scale: 6)
        return [
            ("change", .string(DecimalFormat.plain(change))), ("change_percent", .string(DecimalFormat.plain(percent))),
            ("previous_date", .string(previous.day.description)),
        ]
    }

    /// For a quote resting on a coarse rate: which source and currency, its digits and the ± they allow.
    static func precision(_ quote: Quote) -> [(String, JSONValue)] {
        guard let rate = quote.coarse else { return [] }
        return [
            (
                "precision",
                .object([
                    ("source", .string(rate.source.rawValue)), ("currency", .string(rate.currency.rawValue)),
                    ("significant_digits", .int(rate.digits)), ("uncertainty_percent", .string(Messages.uncertainty(rate))),
                ])
            )
        ]
    }

    /// For a quote resting on two sources: the second one and the currency crossed through.
    private static func cross(_ quote: Quote) -> [(String, JSONValue)] {
        guard let via = quote.via, let second = quote.secondLeg else { return [] }
        return [
            ("via", .string(via.rawValue)), ("second_source", .string(second.source.rawValue)),
            ("second_date", .string(second.date.description)),
        ]
    }

    static func provenance(_ provenance: Provenance) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("as_of", .string(provenance.date.description)),
            ("source", .string(provenance.source.rawValue)),
            ("origin", .string(provenance.origin.rawValue)),
        ]
        if let basis = provenance.basis { members.append(("basis", .string(basis))) }
        if let fetchedAt = provenance.fetchedAt {
            members.append(("fetched_at", .string(fetchedAt.formatted(.iso8601))))
        }
        if let pricedAt = provenance.pricedAt { members.append(("priced_at", .string(pricedAt.formatted(.iso8601)))) }
        if provenance.dailyClose { members.append(("price", .string("daily close UTC"))) }
        if let note = provenance.rule {
            members += [
                ("rule", .string(note.rule)), ("institution", .string(note.institution)),
                ("publication_date", .string(note.publication.description)), ("transaction_date", .string(note.transaction.description)),
                ("rule_basis", .string(note.basis)), ("rule_steps", .array(note.steps.map(JSONValue.string))),
            ]
        } else if let requested = provenance.requested {
            members.append(("requested_date", .string(requested.description)))
            if provenance.previousBusinessDay { members.append(("rule", .string("previous-business-day"))) }
        }
        return members
    }

    private static func spanOf(_ failure: Failure) -> Range<Int>? {
        if case .usage(let error) = failure { return error.span }
        return nil
    }
}
