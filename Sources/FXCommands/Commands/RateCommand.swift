extension CommandSpec {
    public static let rate = CommandSpec(
        name: "rate", aliases: ["r", "rates"],
        summary: "Show exchange rates",
        synopsis: "rate <base> [<quote>...] [on <date>]",
        discussion: """
            With quotes, shows what one unit of the base buys in each (rate usd jpy, rate usd/jpy).
            With the base alone, shows the whole table against it (rate eur).
            With 'on <date>' (2020-03-13, 2020/03/13, 13.03.2020, today, yesterday, 3d ago, 6m ago,
            1y ago, last friday, end of 2023, end of march 2024), the rates published that day, or on
            the last working day before it. 'help dates' lists every way to write a date.
            """,
        examples: [
            "rate usd jpy", "rate usd/jpy", "rate eur", "rate gbp usd chf", "rate usd jpy on 2020-03-13", "rate eur on 3d ago",
            "rate usd jpy on last friday", "rate gbp chf on end of 2023",
        ],
        parse: { arguments, command, context throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            guard let baseToken = cursor.next() else { throw UsageError(.missingCurrency(after: command.text), span: nil) }
            let base = try context.currency(baseToken).get()
            let separated = cursor.skip(["/"]) || cursor.skip(targetKeywords)
            let quotes = try cursor.currencyList(context)
            if separated, quotes.isEmpty { throw UsageError(.missingTarget(after: cursor.last.text), span: nil) }
            let date = try DateGrammar.parseOn(&cursor)
            return .rate(base: base, quotes: quotes.map(\.code), on: date)
        },
        completion: { arguments, _ in
            if let keyword = arguments.firstIndex(where: { dateKeywords.contains($0.folded) }) {
                return [.keywords(DateGrammar.completion(after: Array(arguments[(keyword + 1)...])))]
            }
            // Right after "usd/" or "usd to" only a currency can follow.
            guard let last = arguments.last, last.text != "/", !targetKeywords.contains(last.folded), last.text != "," else {
                return [.currencies]
            }
            return [.keywords(["on"]), .currencies]
        }
    )
}
