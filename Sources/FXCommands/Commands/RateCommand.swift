extension CommandSpec {
    public static let rate = CommandSpec(
        name: "rate", aliases: ["r", "rates"],
        summary: "Show exchange rates",
        synopsis: "rate <base> [<quote>...] [on <date> | avg <period>]",
        discussion: """
            With quotes, shows what one unit of the base buys in each (rate usd jpy, rate usd/jpy).
            With the base alone, shows the whole table against it (rate eur).
            With 'on <date>' (2020-03-13, 2020/03/13, 13.03.2020, today, yesterday, 3d ago, 6m ago,
            1y ago, last friday, end of 2023, end of march 2024), the rates published that day, or on
            the last working day before it. 'help dates' lists every way to write a date.
            With 'avg <period>' (2024, 2024-03, march 2024, q1 2024, from 2024-01-15 to 2024-02-15,
            ytd, 90d), the arithmetic mean of the reference rates published in the period (a cross
            rate computed for each day, then averaged), with the count of days, the minimum and the
            maximum. The mean is exact; it shows to 6 significant digits, and to 10 decimal places
            in --json. A period the history held does not cover whole (offline, or with the sources
            failing) is an error naming the days held; 'partial' (or --partial) after the period
            takes the mean of those days, and says so.
            """,
        examples: [
            "rate usd jpy", "rate usd/jpy", "rate eur", "rate gbp usd chf", "rate usd jpy on 2020-03-13", "rate eur on 3d ago",
            "rate usd jpy on last friday", "rate gbp chf on end of 2023", "rate usd eur on end of 2024", "rate usd eur avg 2024",
            "rate usd eur avg 2024-03", "rate usd eur gbp avg q1 2024", "rate usd jpy avg from 2024-01-15 to 2024-02-15",
        ],
        parse: { arguments, command, context throws(UsageError) in
            // `avg` ends the currencies: what follows is a period, not a date.
            let average = arguments.firstIndex { AverageGrammar.keywords.contains($0.folded) }
            var cursor = ArgumentCursor(arguments[..<(average ?? arguments.endIndex)], after: command, dateOrder: context.dateOrder)
            guard let baseToken = cursor.next() else { throw UsageError(.missingCurrency(after: command.text), span: nil) }
            let base = try context.currency(baseToken).get()
            let separated = cursor.skip(["/"]) || cursor.skip(targetKeywords)
            let quotes = try cursor.currencyList(context, datesEnd: true)
            if separated, quotes.isEmpty { throw UsageError(.missingTarget(after: cursor.last.text), span: nil) }
            if let average {
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: command.text), at: extra) }
                var rest = ArgumentCursor(arguments[(average + 1)...], after: arguments[average], dateOrder: context.dateOrder)
                let period = try AverageGrammar.period(&rest)
                let partial = rest.skip(AverageGrammar.partialWords)
                if let extra = rest.peek { throw UsageError(.unexpectedWord(extra.text, command: "avg"), at: extra) }
                guard !quotes.isEmpty else { throw UsageError(.missingTarget(after: base.rawValue), span: nil) }
                return .average(base: base, quotes: quotes.map(\.code), period: period, partial: partial)
            }
            let date = try DateGrammar.parseEnd(&cursor)
            return .rate(base: base, quotes: quotes.map(\.code), on: date)
        },
        completion: { arguments, _ in
            if let keyword = arguments.firstIndex(where: { AverageGrammar.keywords.contains($0.folded) }) {
                return [.keywords(AverageGrammar.completion(after: Array(arguments[(keyword + 1)...])))]
            }
            if let keyword = arguments.firstIndex(where: { dateKeywords.contains($0.folded) }) {
                return [.keywords(DateGrammar.completion(after: Array(arguments[(keyword + 1)...])))]
            }
            // Right after "usd/" or "usd to" only a currency can follow.
            guard let last = arguments.last, last.text != "/", !targetKeywords.contains(last.folded), last.text != "," else {
                return [.currencies]
            }
            if let index = arguments.lastIndex(where: { DateGrammar.words.contains($0.folded) }) {
                return [.keywords(DateGrammar.completion(after: Array(arguments[index...])))]
            }
            return [.keywords(["on", "avg"] + DateGrammar.endWords), .currencies]
        }
    )
}
