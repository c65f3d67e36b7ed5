extension CommandSpec {
    public static let rate = CommandSpec(
        name: "rate", aliases: ["r", "rates"],
        summary: "Show exchange rates",
        synopsis: "rate <base> [<quote>...]",
        discussion: """
            With quotes, shows what one unit of the base buys in each (rate usd jpy, rate usd/jpy).
            With the base alone, shows the whole table against it (rate eur).
            """,
        examples: ["rate usd jpy", "rate usd/jpy", "rate eur", "rate gbp usd chf"],
        parse: { arguments, command, context throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            guard let baseToken = cursor.next() else { throw UsageError(.missingCurrency(after: command.text), span: nil) }
            let base = try context.currency(baseToken).get()
            let separated = cursor.skip(["/"]) || cursor.skip(targetKeywords)
            let quotes = try cursor.currencyList(context)
            if separated, quotes.isEmpty { throw UsageError(.missingTarget(after: cursor.last.text), span: nil) }
            return .rate(base: base, quotes: quotes.map(\.code))
        },
        completion: { _, _ in [.currencies] }
    )
}
