/// Rewrites the words people add around a conversion into the grammar's own words, before a
/// grammar reads them: a question (`what is 100 usd in eur?`, `how much is …`, `exchange rate
/// usd eur`), a ticker (`eurusd`), a name of several words (`swiss francs`, one token), a weight
/// of metal (`1 oz gold`, `100 g silver`) and operators as words (`plus`, `minus`, `times`,
/// `divided by`, `with 2% fee`).
///
/// Tokens keep their columns, so an error still points at what was typed. Nothing here applies
/// to a line of codes and numbers: each rewrite starts from a word no valid line held before.
enum Phrasing {
    /// Grams in a troy ounce, exactly (the international troy ounce of 1959).
    static let gramsPerTroyOunce = "31.1034768"

    /// A line's words as rewritten, and what the rewriting read.
    struct Result {
        var tokens: [Token]
        /// Whether any word was more than a command, a code, a number, an operator or a keyword:
        /// only then was the line rewritten, and only then may it have anything to say.
        var rewrote = false
        /// The command named by the first word, if any.
        var command: String?
        /// Number words, weights of metal (`oz`, `g`, `kg`) and assets' units read, in order.
        var weights: [Understood] = []
    }

    static func normalize(_ input: [Token], context: ParseContext, tree: CommandTree) -> [Token] {
        var result = Result(tokens: input)
        normalize(&result, context: context, tree: tree)
        return result.tokens
    }

    /// Rewrites `result.tokens` in place. A line of a command, codes, numbers, operators and
    /// keywords is left as it is after one pass over its words: `fx convert 100 usd eur` paid
    /// 0.14 M instructions (a tenth of the answer) when every rewrite looked at every word.
    static func normalize(_ result: inout Result, context: ParseContext, tree: CommandTree) {
        guard let first = result.tokens.first else { return }
        let named = tree.command(named: first.text)?.name
        result.command = named
        // Other commands read file names, settings and sources: their words stay as typed.
        if let named, !["convert", "rate", "history"].contains(named) { return }
        let start = named == nil ? 0 : 1
        // `usd jpy 100`, `usd→jpy 1.5k`: a line of codes too may have its amount last.
        if named == nil || named == "convert", result.tokens.last?.text.first?.isNumber == true,
            result.tokens[safe: start]?.text.first?.isLetter == true
        {
            amountLast(&result.tokens, from: start, context: context)
        }
        // `rate for usd to eur`: only keywords follow the command, but the `for` is filler.
        let rateOf = named == "rate" && ["of", "for"].contains(result.tokens[safe: 1]?.folded ?? "")
        guard rateOf || result.tokens.dropFirst(start).contains(where: { needsReading($0, context: context) }) else { return }
        result.rewrote = true
        var tokens = result.tokens
        dropQuestion(&tokens, context: context)
        let command = tokens.first.flatMap { tree.command(named: $0.text)?.name }
        if let command, !["convert", "rate", "history"].contains(command) {
            result.tokens = tokens
            return
        }
        result.command = command
        let from = command == nil ? 0 : 1
        splitTickers(&tokens, from: from, context: context)
        joinNames(&tokens, from: from, context: context)
        eitherNames(&tokens, from: from, context: context, read: &result.weights)
        if command != "rate", command != "history" {
            numberWords(&tokens, from: from, context: context, read: &result.weights)
            amountLast(&tokens, from: from, context: context)
            weights(&tokens, from: from, context: context, read: &result.weights)
            assetUnits(&tokens, from: from, read: &result.weights)
            operatorWords(&tokens, from: from, context: context)
        }
        result.tokens = tokens
    }

    /// A word some rewrite may apply to: one with a letter or `?`, other than a known code or a
    /// keyword, and an arrow (`usd->jpy 1.5k`).
    private static func needsReading(_ token: Token, context: ParseContext) -> Bool {
        if token.text == "->" { return true }
        guard token.text.contains(where: { $0.isLetter || $0 == "?" || !$0.isASCII }) else { return false }
        if let code = CurrencyCode(token.text), context.isKnown(code) { return false }
        return !CalculatorGrammar.clauseWords.contains(token.folded)
    }

    // MARK: - Questions

    private static let questions: [[String]] = [
        ["what", "is", "the"], ["what", "is"], ["what's", "the"], ["what’s", "the"], ["what's"], ["what’s"], ["whats"],
        ["what", "are"], ["how", "much", "is"], ["how", "much", "are"], ["how", "many"], ["how", "much"],
    ]

    /// `what is 100 usd in eur?` → `100 usd in eur`; `exchange rate usd eur` → `rate usd eur`.
    private static func dropQuestion(_ tokens: inout [Token], context: ParseContext) {
        if let last = tokens.last, tokens.count > 1, last.text.hasSuffix("?") {
            tokens.removeLast()
            if last.text.count > 1 { tokens.append(Token(String(last.text.dropLast()), start: last.start, end: last.end - 1)) }
        }
        if tokens.count > 1, let last = tokens.last, ["please", "pls"].contains(last.folded) { tokens.removeLast() }
        for question in questions where tokens.count > question.count {
            if zip(tokens, question).allSatisfy({ $0.folded == $1 }) {
                tokens.removeFirst(question.count)
                // `how many euros is 100 dollars`: the currency asked for becomes the target.
                if question.contains("many"), tokens.count > 2, context.code(of: tokens[0]) != nil,
                    ["is", "are", "for", "in", "make"].contains(tokens[1].folded)
                {
                    let target = tokens[0]
                    tokens.removeFirst(2)
                    tokens += [Token("in", start: target.start, end: target.start), target]
                }
                break
            }
        }
        // `a dollar in euros`, `an euro in usd`: one of it.
        if tokens.count > 1, ["a", "an", "one"].contains(tokens[0].folded), !context.variables.contains(tokens[0].text),
            context.code(of: tokens[1]) != nil
        {
            tokens[0] = Token("1", start: tokens[0].start, end: tokens[0].end)
        }
        // `what's 1 btc worth in gbp`, `how much are 100 dollars worth`: the worth is the value.
        if let worth = tokens.lastIndex(where: { $0.folded == "worth" }), worth > 0, !context.variables.contains(tokens[worth].text),
            worth == tokens.count - 1 || ["in", "to", "into", "as"].contains(tokens[worth + 1].folded)
        {
            tokens.remove(at: worth)
        }
        // `usd eur rate`, `what is the usd to eur rate`: the rate of a ticker is the ticker.
        if tokens.count > 2, ["rate", "rates"].contains(tokens[tokens.count - 1].folded), context.code(of: tokens[0]) != nil {
            tokens.removeLast()
            if tokens.last?.folded == "exchange" { tokens.removeLast() }
        }
        if tokens.count > 2, tokens[0].folded == "exchange", ["rate", "rates"].contains(tokens[1].folded) {
            tokens.removeFirst()
        }
        // `rate of usd in eur`, `rate for usd to eur`.
        if tokens.count > 2, ["rate", "rates"].contains(tokens[0].folded), ["of", "for"].contains(tokens[1].folded) {
            tokens.remove(at: 1)
        }
    }

    // MARK: - Tickers and names

    /// `eurusd`: six letters that are two known codes, where no variable has that name.
    private static func splitTickers(_ tokens: inout [Token], from start: Int, context: ParseContext) {
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.text.count == 6, token.text.allSatisfy({ $0.isASCII && $0.isLetter }), !context.variables.contains(token.text),
                tokens[safe: index + 1]?.text != "=",
                let base = CurrencyCode(token.text.prefix(3)), let quote = CurrencyCode(token.text.suffix(3)),
                context.isKnown(base), context.isKnown(quote)
            {
                tokens[index] = Token(String(token.text.prefix(3)), start: token.start, end: token.start + 3)
                tokens.insert(Token(String(token.text.suffix(3)), start: token.start + 3, end: token.end), at: index + 1)
                index += 1
            }
            index += 1
        }
    }

    /// Whether a word could start a name: letters, and no code, keyword, date word or variable.
    static func mayBeName(_ token: Token, context: ParseContext) -> Bool {
        guard let first = token.text.first, first.isLetter, !context.variables.contains(token.text) else { return false }
        if let code = CurrencyCode(token.text), context.isKnown(code) { return false }
        let folded = token.folded
        return !CalculatorGrammar.clauseWords.contains(folded) && !ParseContext.notCurrencies.contains(folded)
    }

    /// `swiss francs`, `us dollar`, `pound sterling`: the words of one name become one token.
    private static func joinNames(_ tokens: inout [Token], from start: Int, context: ParseContext) {
        var index = start
        while index < tokens.count {
            defer { index += 1 }
            guard mayBeName(tokens[index], context: context) else { continue }
            let names = CurrencyNames.standard
            guard index + 1 < tokens.count, names.startsLongerName(tokens[index].folded) else { continue }
            for count in stride(from: min(CurrencyNames.longestName, tokens.count - index), through: 2, by: -1) {
                let words = tokens[index..<(index + count)]
                let name = words.map(\.folded).joined(separator: " ")
                guard names.reading(of: name, home: nil) != nil || CurrencyNames.eitherCodes(of: name) != nil else { continue }
                let joined = Token(words.map(\.text).joined(separator: " "), start: words.first!.start, end: words.last!.end)
                tokens.replaceSubrange(index..<(index + count), with: [joined])
                break
            }
        }
    }
}
