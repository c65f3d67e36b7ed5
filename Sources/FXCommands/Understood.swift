/// A word read as something other than it says outright, which the answer states: a name or a
/// symbol read as a currency (`dollars` = USD), a weight of metal read in troy ounces, and a
/// number written in words (`fifty` = 50).
public enum Understood: Equatable, Sendable {
    /// `word` read as `code`; `choice` says whether it may mean other currencies.
    case currency(word: String, code: CurrencyCode, choice: CurrencyNames.Choice)
    /// `oz`: a troy ounce; `g`, `kg`: grams, divided by the troy ounce's 31.1034768.
    case weight(word: String, troyOunce: Bool)
    /// `sats`: a fixed fraction of an asset (`perAsset` of them make one).
    case unit(word: String, asset: CurrencyCode, perAsset: Decimal)
    /// `cfa francs` as a target: a name two currencies share, both answered.
    case currencies(word: String, codes: [CurrencyCode])
    /// `half a million`: number words read as their value, which the answer's amount shows.
    case number(words: String, value: Decimal)

    /// Whether a person needs telling: the word may have meant something else.
    public var isAmbiguous: Bool {
        switch self {
        case .currency(_, _, let choice): choice != .only && choice != .alias
        case .weight, .currencies: true
        case .unit, .number: false
        }
    }
}

extension Parser {
    /// What the words of `line` were read as, in order, each once; empty for a line of codes and
    /// numbers, which is never rewritten and so never builds the name table (building it costs
    /// 4 M instructions, three times a one-shot answer).
    public func understood(_ line: String) -> [Understood] {
        var phrased = Phrasing.Result(tokens: Tokenizer.tokenize(line))
        Phrasing.normalize(&phrased, context: context, tree: tree)
        return phrased.rewrote ? understood(phrased) : []
    }

    func understood(_ phrased: Phrasing.Result) -> [Understood] {
        if let command = phrased.command, !["convert", "rate", "history"].contains(command) { return [] }
        var found = phrased.weights
        for token in phrased.tokens.dropFirst(phrased.command == nil ? 0 : 1) {
            if Phrasing.mayBeName(token, context: context), let reading = context.nameReading(of: token) {
                found.append(.currency(word: token.text, code: reading.code, choice: reading.choice))
            } else if let symbol = ambiguousSymbol(in: token), let code = context.symbols[symbol],
                let entry = CurrencyNames.ambiguousSymbols.first(where: { $0.names.contains(symbol) })
            {
                found.append(.currency(word: symbol, code: code, choice: code == entry.fallback ? .fallback : .home))
            }
        }
        var seen: [Understood] = []
        return found.filter { item in
            guard !seen.contains(item) else { return false }
            seen.append(item)
            return true
        }
    }

    /// The ambiguous symbol (`kr`, `¥`; `$` is documented as the dollar) a word is, starts or ends with.
    private func ambiguousSymbol(in token: Token) -> String? {
        let text = Substring(token.text)
        for entry in CurrencyNames.ambiguousSymbols {
            guard let symbol = entry.names.first, symbol != "$" else { continue }
            let unsigned = text.drop { $0 == "-" || $0 == "+" }
            let rest =
                unsigned.hasPrefix(symbol) ? unsigned.dropFirst(symbol.count) : text.hasSuffix(symbol) ? text.dropLast(symbol.count) : nil
            guard let rest else { continue }
            if rest.isEmpty || AmountParser.looksLikeAmount(String(rest), context: context) { return symbol }
        }
        return nil
    }
}
