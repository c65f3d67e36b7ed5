/// A word read as something other than it says outright, which the answer states: a name or a
/// symbol read as a currency (`dollars` = USD), and a weight of metal read in troy ounces.
public enum Understood: Equatable, Sendable {
    /// `word` read as `code`; `choice` says whether it may mean other currencies.
    case currency(word: String, code: CurrencyCode, choice: CurrencyNames.Choice)
    /// `oz`: a troy ounce; `g`, `kg`: grams, divided by the troy ounce's 31.1034768.
    case weight(word: String, troyOunce: Bool)

    /// Whether a person needs telling: the word may have meant something else.
    public var isAmbiguous: Bool {
        switch self {
        case .currency(_, _, let choice): choice != .only
        case .weight: true
        }
    }
}

extension Parser {
    /// What the words of `line` were read as, in order, each once; empty for a line of codes and
    /// numbers. Asked after the line parsed, so that the answer can say it.
    public func understood(_ line: String) -> [Understood] {
        let typed = Tokenizer.tokenize(line)
        // Codes, numbers and operators only: nothing to say, and no name table to build.
        guard typed.contains(where: { Self.mayNeedSaying($0, context: context) }) else { return [] }
        var found: [Understood] = []
        let tokens = Phrasing.normalize(typed, context: context, tree: tree, weights: &found)
        if let first = tokens.first, let command = tree.command(named: first.text)?.name, !["convert", "rate", "history"].contains(command) {
            return []
        }
        for token in tokens {
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

    /// A word that is not a known code, a number or an operator.
    private static func mayNeedSaying(_ token: Token, context: ParseContext) -> Bool {
        guard let first = token.text.first else { return false }
        if first.isASCII, first.isNumber || !first.isLetter { return token.text.contains { !$0.isASCII || $0.isLetter } }
        if let code = CurrencyCode(token.text), context.isKnown(code) { return false }
        return true
    }

    /// The ambiguous symbol (`kr`, `¥`; `$` is documented as the dollar) a word is, starts or ends with.
    private func ambiguousSymbol(in token: Token) -> String? {
        let text = Substring(token.text)
        for entry in CurrencyNames.ambiguousSymbols {
            guard let symbol = entry.names.first, symbol != "$" else { continue }
            let unsigned = text.drop { $0 == "-" || $0 == "+" }
            let rest = unsigned.hasPrefix(symbol) ? unsigned.dropFirst(symbol.count) : text.hasSuffix(symbol) ? text.dropLast(symbol.count) : nil
            guard let rest else { continue }
            if rest.isEmpty || AmountParser.looksLikeAmount(String(rest), context: context) { return symbol }
        }
        return nil
    }
}
