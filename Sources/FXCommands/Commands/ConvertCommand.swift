import FXRates

extension CommandSpec {
    public static let convert = CommandSpec(
        name: "convert", aliases: ["c", "conv"],
        summary: "Convert an amount into one or more currencies",
        synopsis: "convert <amount> <from> [to|in|as|->|→] <to> [<to>...] [on <date>]",
        discussion: """
            The word 'convert' may be left out: a line that starts with an amount is a conversion.
            Amounts take thousands separators (1,234.56), suffixes k, m and bn (1.5k, 2m, 3bn),
            and a currency symbol before or after ($100, 100€, £5, ¥500, ₩50000).
            Results are rounded to the target currency's minor unit, half away from zero.
            With 'on <date>' (2013-03-21, today, yesterday, 3d ago) it uses the rates published that
            day, or on the last working day before it, and says which.
            """,
        examples: [
            "convert 100 usd eur", "convert 1,234.56 gbp to jpy chf", "100 usd in eur", "$100 → eur", "1.5k eur usd", "₩50000 jpy",
            "convert 100 usd eur on 2013-03-21", "100 gbp chf on yesterday",
        ],
        parse: { arguments, command, context throws(UsageError) in
            guard let first = arguments.first else { throw UsageError(.missingAmount(command: command.text), span: nil) }
            if CurrencyCode(first.text).map(context.isKnown) == true, !CalculatorGrammar.starts(Array(arguments.dropFirst()), context: context) {
                throw UsageError(.missingAmount(command: command.text), at: first)
            }
            return try CalculatorGrammar.parse(arguments, context: context, tickers: false)
        },
        completion: { arguments, context in ConvertGrammar.completion(arguments, context) }
    )
}

enum ConvertGrammar {
    /// `<amount> <from> [keyword] <to>...`, with the amount's currency possibly a symbol.
    static func parse(_ cursor: inout ArgumentCursor, command: Token, context: ParseContext) throws(UsageError) -> Command {
        var from: CurrencyCode?
        // "€ 100 usd": a lone symbol before the number.
        if let symbol = cursor.peek.flatMap({ context.symbols[$0.text] }), let second = cursor.peekSecond,
            AmountParser.looksLikeAmount(second.text, context: context)
        {
            from = symbol
            _ = cursor.next()
        }
        guard let amountToken = cursor.next() else { throw UsageError(.missingAmount(command: command.text), span: nil) }
        let amount: Amount
        switch AmountParser.parse(amountToken.text, context: context) {
        case .success(let parsed):
            amount = parsed.amount
            from = from ?? parsed.currency
        case .failure(.notANumber):
            if context.isCurrencyWord(amountToken) { throw UsageError(.missingAmount(command: command.text), at: amountToken) }
            throw UsageError(.malformedAmount(amountToken.text, hint: nil), at: amountToken)
        case .failure(.malformed(let hint)):
            throw UsageError(.malformedAmount(amountToken.text, hint: hint), at: amountToken)
        case .failure(.unknownCurrency):
            // "100eux": blame the glued code with the usual suggestion.
            let code = String(amountToken.text.drop { !$0.isLetter })
            let suffix = Token(code, start: amountToken.end - code.count, end: amountToken.end)
            throw context.currency(suffix).failureValue ?? UsageError(.malformedAmount(amountToken.text, hint: nil), at: amountToken)
        }
        if from == nil {
            guard let token = cursor.peek, !targetKeywords.contains(token.folded) else {
                throw UsageError(.missingCurrency(after: amountToken.text), at: cursor.peek)
            }
            from = try context.currency(cursor.next()!).get()
        }
        _ = cursor.skip(targetKeywords)
        let targets = try cursor.currencyList(context)
        guard let from else { throw UsageError(.missingCurrency(after: amountToken.text), span: nil) }
        guard !targets.isEmpty else { throw UsageError(.missingTarget(after: cursor.last.text), span: nil) }
        let date = try DateGrammar.parseOn(&cursor)
        return .convert(amount: amount, from: from, to: targets.map(\.code), on: date)
    }
}

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
        if let index = rest.firstIndex(where: { dateKeywords.contains($0.folded) }) {
            return index == rest.index(before: rest.endIndex) ? [.keywords(DateGrammar.words)] : []
        }
        let hasTarget = rest.contains { !targetKeywords.contains($0.folded) && $0.text != "," }
        return hasTarget && rest.last?.text != "," ? [.keywords(["on"]), .currencies] : [.currencies]
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
