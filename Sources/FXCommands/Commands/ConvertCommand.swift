extension CommandSpec {
    public static let convert = CommandSpec(
        name: "convert", aliases: ["c", "conv"],
        summary: "Convert and calculate with money: sums in several currencies, percentages, fees",
        synopsis: "convert <expression> [to|in|as|->|→] <to> [<to>...] [+ <fee> fee] [at <rate>] [on <date>]",
        discussion: """
            The word 'convert' may be left out: a line that starts with an amount is a conversion.
            Amounts take thousands separators (1,234.56), suffixes k, m and bn (1.5k, 2m, 3bn),
            and a currency symbol before or after ($100, 100€, £5, ¥500, ₩50000).
            Arithmetic: + - * / and parentheses, with plain numbers too (17.5 * 3). Terms in
            different currencies are each converted once into the target (without one, into the
            first term's currency) and summed; a currency after a number makes it money (1/2 usd).
            Money plus a plain number, or money times money, is refused.
            Percentages: 200 usd + 15%, 200 usd - 2.5%, 15% of 200 usd, 200 usd as % of 180 eur.
            Fees: 500 eur in usd + 2.5% fee shows the conversion, the fee and the total; - 1% fee
            takes it off; + 5 usd fee adds a fixed one. Your own rate: 500 eur in usd at 1.0712
            (or at 1.0712 eur/usd: 1 EUR = 1.0712 USD, as a pair means everywhere) also says how far
            it is from the reference rate.
            The reverse question: eur for 500 usd, or 500 usd from eur + 2% fee.
            A currency alone asks for rates: usd jpy, usd/jpy, usd (against 'set targets' or
            'set home', else the whole table). name = <expression> keeps a result (rent = 1450 chf);
            ans is the last one.
            Nothing is rounded until the end: the result is rounded once to the target currency's
            minor unit, half away from zero; division carries 38 significant digits.
            With 'on <date>' (2013-03-21, today, yesterday, 3d ago), at the start or the end, it uses
            the rates published that day, or on the last working day before it, and says which.
            With 'avg <period>' at the end (avg 2024, avg 2024-03, avg q1 2024, avg from 2024-01-15
            to 2024-02-15), it uses the mean of the period's daily reference rates ('help rate'); add
            'partial' for the mean of the days held when they are not the whole period.
            """,
        examples: [
            "convert 100 usd eur", "convert 1,234.56 gbp to jpy chf", "100 usd in eur", "$100 → eur", "1.5k eur usd", "₩50000 jpy",
            "convert 100 usd eur on 2013-03-21", "100 gbp chf on yesterday", "on 2013-03-21 100 usd eur",
            "100 usd + 20 eur in gbp", "1.2k eur + 300 gbp - 15% in usd", "(1450 chf - 200 chf) / 3 in eur",
            "2 * (30 eur + 12 gbp) in jpy", "17.5 * 3", "200 usd + 15%", "15% of 200 usd", "200 usd as % of 180 eur",
            "500 eur in usd + 2.5% fee", "500 eur in usd at 1.0712", "eur for 500 usd", "500 usd from eur + 2% fee",
            "100 usd in eur and gbp", "rent = 1450 chf", "convert 1200 usd eur avg 2024", "1200 usd in eur avg q1 2024",
        ],
        parse: { arguments, command, context throws(UsageError) in
            guard let first = arguments.first else { throw UsageError(.missingAmount(command: command.text), span: nil) }
            if CurrencyCode(first.text).map(context.isKnown) == true,
                !(arguments.dropFirst().first.map { AmountParser.looksLikeAmount($0.text, context: context) } ?? false)
            {
                throw UsageError(.missingAmount(command: command.text), at: first)
            }
            return try CalculatorGrammar.parse(arguments, context: context, tickers: false)
        },
        completion: { arguments, context in arguments.isEmpty ? [] : CalculatorGrammar.completion(arguments, context) }
    )
}

/// What may follow a conversion's words.
enum ConvertGrammar {}

extension ConvertGrammar {
    /// After the amount: its currency (unless a symbol gave it), then a keyword or targets.
    static func completion(_ arguments: [Token], _ context: ParseContext) -> [CompletionKind] {
        guard let first = arguments.first else { return [] }
        var rest = arguments.dropFirst()
        // "€ " expects the amount next.
        if context.symbols[first.text] != nil, rest.isEmpty { return [] }
        var hasSource = false
        if context.symbols[first.text] != nil, rest.first != nil {
            hasSource = true
            rest = rest.dropFirst()
        } else if case .success(let parsed) = AmountParser.parse(first.text, context: context), parsed.currency != nil {
            hasSource = true
        }
        if let next = rest.first, !hasSource, context.symbols[next.text] != nil || CurrencyCode(next.text) != nil {
            hasSource = true
            rest = rest.dropFirst()
        }
        guard hasSource else { return [.currencies] }
        let keywords = ["to", "in", "as"]
        if rest.isEmpty { return [.keywords(keywords), .currencies] }
        if let index = rest.firstIndex(where: { AverageGrammar.keywords.contains($0.folded) }) {
            return [.keywords(AverageGrammar.completion(after: Array(rest[(index + 1)...])))]
        }
        if let index = rest.firstIndex(where: { dateKeywords.contains($0.folded) }) {
            return index == rest.index(before: rest.endIndex) ? [.keywords(DateGrammar.words)] : []
        }
        // A date at the end without `on`: `100 usd eur last ` offers what `on last ` does.
        if let index = rest.lastIndex(where: { DateGrammar.words.contains($0.folded) }) {
            return [.keywords(DateGrammar.completion(after: Array(rest[index...])))]
        }
        let hasTarget = rest.contains { !targetKeywords.contains($0.folded) && $0.text != "," }
        return hasTarget && rest.last?.text != "," ? [.keywords(["on", "avg"] + DateGrammar.endWords), .currencies] : [.currencies]
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
