extension CommandSpec {
    public static let history = CommandSpec(
        name: "history", aliases: ["hist"],
        summary: "Show a pair through time, or your recent conversions",
        synopsis:
            "history [<base>[,…] <quote>[,…] [30d|6m|1y|ytd|all|from <date> [to <date>]]] [--table|--csv|--json|--ledger|--hledger|--beancount] [--monthly|--yearly] [--invert] [--digits N] [--partial]",
        discussion: """
            With two currencies, charts the rate over the range (a year unless told) and gives
            first, last, change, minimum, maximum and mean. Any pair of ECB currencies works,
            retired ones within their dates; cross rates are computed day by day from the euro rates.
            --source boc or --source nasdaq reads the Bank of Canada's history (since 2017, against CAD)
            or the configured Nasdaq Data Link datasets instead.
            Dates after 'from' and 'to' are written as after 'on' ('help dates'): 2015/01/01, 1y ago,
            end of march 2024.
            --table lists the values, --csv and --json print them for scripts.
            --ledger, --hledger and --beancount write price directives for plain-text accounting
            (P 2024-01-02 USD 0.90505 EUR; 2024-01-02 price USD 0.90505 EUR), one per publication
            and pair, for several pairs at once (usd eur,gbp; usd,chf eur). --invert swaps each
            pair; --digits N rounds to N significant digits (a published rate is otherwise written
            as published, any other to 10). --monthly and --yearly give one row per month or year:
            the mean of its daily rates, dated its first day, so that a book's transactions in the
            period find it.
            A range the history held does not cover whole (offline, or with the sources failing) is
            an error naming the days held; --partial takes those days, and says so.
            Without currencies, lists your recent conversions and rate lookups.
            """,
        examples: [
            "history usd jpy", "history usd jpy 1y", "history gbp/usd 30d", "history eur chf from 2015-01-01 to 2015-02-28",
            "history usd jpy all --csv", "history gbp usd from 6m ago", "history usd eur,gbp ytd --ledger",
            "history usd eur 30d --beancount", "history usd,chf eur 30d --hledger --invert",
            "history usd jpy 30d --ledger --digits 6", "history usd eur 2y --monthly", "history usd eur all --yearly --csv",
            "history", "history --csv",
        ],
        options: HistoryOptions.completions,
        parse: { arguments, command, context throws(UsageError) in
            let options = try HistoryOptions.read(arguments, command: command)
            var cursor = ArgumentCursor(options.words[...], after: command, dateOrder: context.dateOrder)
            guard cursor.peek != nil else {
                // Price files and averages are of a pair; the log has none.
                guard !options.format.isPriceFile, options.grouping == .daily else {
                    throw UsageError(.missingCurrency(after: command.text), span: nil)
                }
                return .log(options.format)
            }
            let bases = try currencies(&cursor, context)
            _ = cursor.skip(["/"]) || cursor.skip(targetKeywords)
            guard cursor.peek != nil else { throw UsageError(.missingTarget(after: cursor.last.text), span: nil) }
            let quotes = try currencies(&cursor, context)
            let range = try HistoryRangeGrammar.parse(&cursor) ?? .years(1)
            if let extra = cursor.next() { throw UsageError(.unexpectedWord(extra.text, command: command.text), at: extra) }
            return .history(try options.query(bases: bases, quotes: quotes, range: range))
        },
        completion: { arguments, _ in
            // After `--digits` a number goes; after a comma, another currency.
            if arguments.last?.folded == "--digits" { return [] }
            if arguments.last?.text == "," { return [.currencies] }
            let words = HistoryOptions.words(of: arguments).filter { $0.text != "/" }
            let flags = CompletionKind.keywords(HistoryOptions.completions)
            switch words.count {
            case 0: return [.currencies, flags]
            case 1: return [.currencies]
            case 2: return [.keywords(["30d", "6m", "1y", "ytd", "all", "from", "last"]), flags]
            default:
                if words.count == 3, words[2].folded == "last" { return [.keywords(CalendarPeriod.allCases.map(\.rawValue))] }
                if let keyword = words.lastIndex(where: { ["from", "since", "to", "until"].contains($0.folded) }),
                    case let date = DateGrammar.completion(after: Array(words[(keyword + 1)...])), !date.isEmpty
                {
                    return [.keywords(date)]
                }
                if words.contains(where: { ["from", "since"].contains($0.folded) }),
                    !words.contains(where: { ["to", "until"].contains($0.folded) })
                {
                    return [.keywords(["to"]), flags]
                }
                return [flags]
            }
        }
    )
}

/// `usd` or `usd,chf`: one or more currencies joined by commas, each once.
private func currencies(_ cursor: inout ArgumentCursor, _ context: ParseContext) throws(UsageError) -> [CurrencyCode] {
    var codes: [CurrencyCode] = []
    repeat {
        guard let token = cursor.next() else { throw UsageError(.missingCurrency(after: cursor.last.text), span: nil) }
        let code = try context.currency(token).get()
        if !codes.contains(code) { codes.append(code) }
    } while cursor.skip([","])
    return codes
}

/// `30d`, `2w`, `6m`, `1y`, `30 days`, `ytd`, `all`, `from <date> [to <date>]`, or a bare start date.
enum HistoryRangeGrammar {
    static func parse(_ cursor: inout ArgumentCursor) throws(UsageError) -> HistoryRange? {
        guard let token = cursor.peek else { return nil }
        switch token.folded {
        case "all", "max": _ = cursor.next(); return .all
        case "ytd": _ = cursor.next(); return .yearToDate
        case "from", "since":
            _ = cursor.next()
            let start = try date(&cursor)
            guard cursor.skip(["to", "until"]) else { return .between(start, nil) }
            return .between(start, try date(&cursor))
        default: break
        }
        if let calendar = try calendarRange(&cursor) { return calendar }
        if DateGrammar.starts(cursor) || DateGrammar.words.contains(token.folded) {
            let start = try date(&cursor)
            guard cursor.skip(["to", "until"]) else { return .between(start, nil) }
            return .between(start, try date(&cursor))
        }
        guard let count = Int(token.text.prefix { $0.isNumber }), count > 0, count <= 1000 else {
            throw UsageError(.malformedRange(token.text), at: token)
        }
        var unit = String(token.folded.drop { $0.isNumber })
        var words = 1
        if unit.isEmpty, let second = cursor.peekSecond { unit = second.folded; words = 2 }
        let range: HistoryRange? =
            switch unit {
            case "d", "day", "days": .days(count)
            case "w", "week", "weeks": .days(count * 7)
            case "m", "mo", "month", "months": .months(count)
            case "y", "year", "years": .years(count)
            default: nil
            }
        guard let range else { throw UsageError(.malformedRange(token.text), at: token) }
        for _ in 0..<words { _ = cursor.next() }
        return range
    }

    /// `2024` (the year), `march 2024` (the month), `last week|month|year` (the calendar period before this one).
    private static func calendarRange(_ cursor: inout ArgumentCursor) throws(UsageError) -> HistoryRange? {
        guard let token = cursor.peek else { return nil }
        let second = cursor.peekSecond
        if token.folded == "last", let period = second.flatMap({ CalendarPeriod(rawValue: $0.folded) }) {
            cursor.skip(count: 2)
            return .last(period)
        }
        if let month = DateNames.month(token.folded), let second, let year = WrittenDate.year(second.text) {
            cursor.skip(count: 2)
            return .month(year: year, month: month)
        }
        // A year alone: `2024` touches nothing (`2024-03-01` is a day).
        if cursor.touching().count == 1, let year = WrittenDate.year(token.text) {
            _ = cursor.next()
            return .year(year)
        }
        return nil
    }

    private static func date(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression {
        guard let next = cursor.peek else { throw UsageError(.missingDate(after: cursor.last.text), span: nil) }
        guard let date = try DateGrammar.parse(&cursor) else { throw UsageError(.malformedDate(next.text), at: next) }
        return date
    }
}
