/// Reads a calculator line:
///
///     [on <date>] [<name> =] <expression> [as % of <expression>] [from <currency>]
///         [[to|in|as|->|/] <currency> [, and <currency>]...] [+|- <fee> fee] [at <rate> [<cur>/<cur>]] [on <date>]
///     <currency> for <expression> [+|- <fee> fee] [on <date>]
///     <currency> [[/|to] <currency>...] [on <date>]        (a ticker: the rates)
///
/// `+ - * / ( )` with the usual precedence; `15%` after `+`/`-` is a share of the left side;
/// a currency word after a number makes it money (`1/2 usd` is half a dollar).
enum CalculatorGrammar {
    /// `tickers`: a line may start with a currency (`usd jpy`, `eur for 500 usd`); not after `convert`.
    static func parse(_ tokens: ArraySlice<Token>, context: ParseContext, tickers: Bool = true) throws(UsageError) -> Command {
        var reader = ExpressionReader(tokens: Array(tokens), context: context)
        reader.tickers = tickers
        return try reader.line()
    }

    /// Whether a line that names no command is a calculation: it starts with an amount, a
    /// currency, `(`, a sign, `on`, `ans`, or a variable (known, or being assigned or used).
    static func starts(_ tokens: [Token], context: ParseContext) -> Bool {
        guard let first = tokens.first else { return false }
        if AmountParser.looksLikeAmount(first.text, context: context) || context.symbols[first.text] != nil { return true }
        if ["(", "-", "+"].contains(first.text) || ["on", "ans"].contains(first.folded) { return true }
        if let code = CurrencyCode(first.text), context.isKnown(code) { return true }
        // `dollars to euros`, `yen for 100 usd`: a name where a code could stand.
        if Phrasing.mayBeName(first, context: context), context.nameReading(of: first) != nil { return true }
        guard ExpressionReader.isName(first.text) else { return false }
        // A known name, or one in another case (`X` for `x`): names are case-sensitive, and the error says so.
        if context.variables.contains(first.text) || context.variables.contains(where: { $0.lowercased() == first.text.lowercased() }) {
            return true
        }
        guard let second = tokens[safe: 1] else { return false }
        return ["=", "+", "-", "*", "/", "×", "÷"].contains(second.text)
    }

    /// Words that end an expression and start a clause.
    static let clauseWords: Set<String> = ["to", "in", "into", "as", "->", "→", "from", "for", "at", "on", "fee", "and", ",", "avg"]
    /// Words a variable may not be named, besides currency codes and commands.
    static let reservedNames: Set<String> = clauseWords.union(["of", "ans", "vars", "set", "settings", "today", "yesterday", "ago"])
}

/// The recursive-descent reader behind `CalculatorGrammar`.
struct ExpressionReader {
    let tokens: [Token]
    let context: ParseContext
    var index = 0
    var tickers = true
    /// The clause last read, to name in "Unexpected 'gbp' after 'on'".
    var clause: String?
    /// Terms open around the cursor (parentheses, signs, `% of`); each costs a few stack frames.
    var depth = 0
    static let depthLimit = 100

    init(tokens: [Token], context: ParseContext) {
        self.tokens = tokens
        self.context = context
    }

    var peek: Token? { tokens[safe: index] }
    var peekSecond: Token? { tokens[safe: index + 1] }
    var last: Token? { index > 0 ? tokens[index - 1] : nil }

    /// The next word, if any; at the end the cursor stays put, so `last` stays the last word.
    mutating func next() -> Token? {
        guard let token = tokens[safe: index] else { return nil }
        index += 1
        return token
    }

    mutating func skip(_ words: Set<String>) -> Bool {
        guard let token = peek, words.contains(token.folded) else { return false }
        index += 1
        return true
    }

    func currency(_ token: Token?) -> CurrencyCode? {
        guard let token, !CalculatorGrammar.clauseWords.contains(token.folded) else { return nil }
        return context.code(of: token)
    }

    // MARK: - The line

    mutating func line() throws(UsageError) -> Command {
        var date = try datePrefix()
        var assignTo: String?
        if let name = peek, peekSecond?.text == "=" {
            try checkName(name)
            assignTo = name.text
            index += 2
        }
        // `usd jpy`, `usd/jpy`, `usd`, `eur for 500 usd`: a line that starts with a currency word and no amount.
        if tickers, assignTo == nil, let word = peek, context.symbols[word.text] == nil, let code = currency(word),
            !startsAmount(at: index + 1)
        {
            index += 1
            if skip(["for"]) { return try reverse(into: code, date: date) }
            return try ticker(code, date: date)
        }
        let start = peek?.start ?? 0
        let expression = try sum()
        var calculation = Calculation(text: text(from: start), expression: expression, assignTo: assignTo)
        if let keyword = peek, keyword.folded == "as", peekSecond?.text == "%" {
            index += 2
            guard skip(["of"]) else { throw UsageError(.expected("of", after: "as %"), at: peek ?? keyword) }
            calculation.shareOf = try sum()
        }
        if skip(["from"]) {
            guard let code = currency(peek) else { throw missingCurrency(after: "from") }
            index += 1
            calculation.targets = [code]
            calculation.reverse = true
        } else {
            calculation.targets = try targets()
        }
        calculation.fee = try fee()
        calculation.givenRate = try givenRate()
        if date == nil { date = try onClause() }
        calculation.date = date
        calculation.average = try averageClause(dated: date != nil, partial: &calculation.partial)
        try expectEnd()
        // The whole line but `name =` (`200 usd as % of 180 eur`, `… + 2% fee`), for `--json`'s `expression`.
        calculation.text = text(from: lineStart(afterAssignment: assignTo != nil))
        // After `convert`, an amount needs its currency (`convert 100` is missing one).
        if !tickers, !expression.writesCurrency, calculation.targets.isEmpty, case .amount = expression {
            throw UsageError(.missingCurrency(after: text(from: start)), span: nil)
        }
        if let (amount, code) = expression.plainMoney, calculation.isPlainConversion {
            return .convert(amount: amount, from: code, to: calculation.targets, on: date)
        }
        return .calculate(calculation)
    }

    /// `on <date>`, or `at <date>` (`at` before a number is a rate), or a date alone at the end
    /// (`100 usd in eur yesterday`), if next.
    private mutating func onClause() throws(UsageError) -> DateExpression? {
        guard let keyword = peek else { return nil }
        guard keyword.folded == "on" || keyword.folded == "at" else {
            var cursor = ArgumentCursor(tokens[index...], after: keyword, dateOrder: context.dateOrder)
            guard let date = try DateGrammar.parse(&cursor) else { return nil }
            index = cursor.position
            clause = "on"
            return date
        }
        var cursor = ArgumentCursor(tokens[(index + 1)...], after: keyword, dateOrder: context.dateOrder)
        guard let next = cursor.peek else { throw UsageError(.missingDate(after: keyword.text), span: nil) }
        guard let date = try DateGrammar.parse(&cursor) else {
            if keyword.folded == "at" { throw UsageError(.malformedAmount(next.text, hint: nil), at: next) }
            throw UsageError(.malformedDate(next.text), at: next)
        }
        index = cursor.position
        clause = "on"
        return date
    }

    /// `on 2013-03-21 100 usd eur`: the date first.
    private mutating func datePrefix() throws(UsageError) -> DateExpression? {
        // `on = 1` is an assignment to a reserved name, refused as such by `checkName`.
        guard peek?.folded == "on", peekSecond?.text != "=" else { return nil }
        return try onClause()
    }

    private mutating func reverse(into code: CurrencyCode, date: DateExpression?) throws(UsageError) -> Command {
        let start = peek?.start ?? Int.max
        guard peek != nil else { throw UsageError(.missingAmount(command: "for"), span: nil) }
        var calculation = Calculation(text: "", expression: try sum(), targets: [code], reverse: true)
        calculation.text = text(from: start)
        calculation.fee = try fee()
        calculation.givenRate = try givenRate()
        calculation.date = date
        if date == nil { calculation.date = try onClause() }
        try expectEnd()
        // The whole line, as for any calculation: `buys` says what the amount bought.
        calculation.text = text(from: lineStart(afterAssignment: false))
        return .calculate(calculation)
    }

    private mutating func ticker(_ base: CurrencyCode, date: DateExpression?) throws(UsageError) -> Command {
        var quotes: [CurrencyCode] = []
        while let token = peek, token.folded != "on", token.folded != "at" {
            if ["/", ",", "to", "in", "and", "->", "→"].contains(token.folded) {
                index += 1
                continue
            }
            if endsInDate(token) { break }
            // `usd + 5`: arithmetic on a currency with no amount; the amount is what is missing.
            if quotes.isEmpty, ["+", "-", "*", "×", "÷", "%"].contains(token.text), let typed = tokens[safe: index - 1] {
                let word = typed.text.lowercased(), unit = ["+", "-"].contains(token.text) ? " " + word : ""
                throw UsageError(.missingAmount(command: ""), at: typed, example: "100 \(word) \(token.text) 5\(unit)")
            }
            quotes.append(try context.currency(token).get())
            index += 1
        }
        var day = date
        if day == nil { day = try onClause() }
        try expectEnd()
        if quotes.isEmpty { return .ticker(base, on: day) }
        var seen = Set<CurrencyCode>()
        return .rate(base: base, quotes: quotes.filter { seen.insert($0).inserted }, on: day)
    }

    /// Targets after an optional keyword, separated by spaces, commas, `and`, `to` or `in`.
    private mutating func targets() throws(UsageError) -> [CurrencyCode] {
        let keyword = peek
        let introduced = skip(["to", "in", "into", "as", "->", "→", "=", "/"])
        var codes: [CurrencyCode] = []
        while let token = peek {
            if [",", "and", "to", "in", "/"].contains(token.folded), !codes.isEmpty {
                index += 1
                continue
            }
            // An operator or a `)` after the targets is no currency: `expectEnd` says what it is.
            guard !CalculatorGrammar.clauseWords.contains(token.folded),
                !["+", "-", ")", "*", "×", "÷", "(", "%", "="].contains(token.text), !token.text.hasPrefix("--")
            else { break }
            if endsInDate(token) { break }
            let code = try context.currency(token).get()
            index += 1
            if !codes.contains(code) { codes.append(code) }
        }
        if introduced, codes.isEmpty { throw missingCurrency(after: keyword?.text ?? "in", target: true) }
        return codes
    }

    /// `+ 2.5% fee`, `- 1% fee`, `+ 5 usd fee`.
    private mutating func fee() throws(UsageError) -> Calculation.Fee? {
        guard let sign = peek, sign.text == "+" || sign.text == "-", let end = feeEnd(at: index) else { return nil }
        let numberToken = tokens[index + 1]
        guard let value = plainNumber(numberToken) else { throw UsageError(.malformedAmount(numberToken.text, hint: nil), at: numberToken) }
        let size: Calculation.Fee.Size
        if tokens[index + 2].text == "%" {
            size = .percent(value)
        } else {
            size = .fixed(value, try context.currency(tokens[index + 2]).get())
        }
        index = end
        return Calculation.Fee(size: size, deducted: sign.text == "-")
    }

    /// Where a fee clause starting at `start` ends, if one does: `+|- <number> (%|<currency>) fee`.
    func feeEnd(at start: Int) -> Int? {
        guard let sign = tokens[safe: start], sign.text == "+" || sign.text == "-",
            tokens[safe: start + 3]?.folded == "fee"
        else { return nil }
        return start + 4
    }

    /// `at 1.0712` or `at 150.5 usd/jpy` (a date after `at` is left to the date clause); anything
    /// else after `at` is a rate written wrong, said as such (`at -1`, `at 1e2`, `at abc`).
    private mutating func givenRate() throws(UsageError) -> Calculation.GivenRate? {
        guard peek?.folded == "at", let numberToken = peekSecond, !startsDate(at: index + 1) else { return nil }
        let rate = try OwnRateReader.rate(numberToken, then: tokens[safe: index + 2], context: context)
        index += 2
        var given = Calculation.GivenRate(rate: rate)
        if let base = currency(peek), peekSecond?.text == "/", let quote = currency(tokens[safe: index + 2]) {
            given.pair = (base, quote)
            index += 3
        }
        return given
    }

    private mutating func expectEnd() throws(UsageError) {
        guard let extra = peek else { return }
        if extra.text.hasPrefix("--") { throw UsageError(.misplacedOption(extra.text), at: extra) }
        if extra.text == ")" { throw UsageError(.unbalanced(")"), at: extra) }
        // A word where a currency could go is most likely a mistyped currency.
        if extra.text.count == 3, extra.text.allSatisfy(\.isLetter), case .failure(let error) = context.currency(extra) { throw error }
        // Named for help: the clause read last (`help on`), else `convert` when typed; a line that
        // named no command is told the word it follows, and where the grammar is.
        if let clause { throw UsageError(.unexpectedWord(extra.text, command: clause), at: extra) }
        if !tickers { throw UsageError(.unexpectedWord(extra.text, command: "convert"), at: extra) }
        throw UsageError(.unexpectedInCalculation(extra.text, after: last?.text ?? ""), at: extra)
    }

    // MARK: - Expressions

    /// Terms joined by `+` and `-`, as one chain (see `Formula.chain`).
    mutating func sum() throws(UsageError) -> Formula {
        let first = try product()
        var links: [Formula.Link] = []
        while let token = peek, token.text == "+" || token.text == "-", feeEnd(at: index) == nil {
            index += 1
            links.append(Formula.Link(token.text == "+" ? .add : .subtract, try product(), token))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    private mutating func product() throws(UsageError) -> Formula {
        var first = attachCurrency(to: try unary())
        // Tracked as the chain grows: asking the chain each time would be quadratic in its length.
        var money = first.writesCurrency
        // `200 usd%`: a percentage is of a plain number (`15% of 200 usd` takes a share of money).
        if let sign = peek, sign.text == "%", money { throw UsageError(.percentOfMoney, at: sign) }
        var links: [Formula.Link] = []
        while let token = peek, let op = Self.multiplicative[token.text] {
            // `100 usd/jpy`: a pair after money names the target.
            if op == .divide, money, let next = peekSecond, currency(next) != nil, !context.variables.contains(next.text) {
                break
            }
            index += 1
            let right = try unary()
            if money {
                links.append(Formula.Link(op, attachCurrency(to: right), token))
                continue
            }
            links.append(Formula.Link(op, right, token))
            money = right.writesCurrency
            // `1/2 usd`: a currency word after a product of plain numbers makes the whole product money.
            if !money, let code = currency(peek) {
                first = .inCurrency(.chain(first, links), code, tokens[index])
                links = []
                index += 1
                money = true
            }
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    private static let multiplicative: [String: Formula.Operator] = ["*": .multiply, "×": .multiply, "/": .divide, "÷": .divide]

    /// `12.50 eur`, `(1/2) usd`: a currency word right after a number without one.
    private mutating func attachCurrency(to expression: Formula) -> Formula {
        guard !expression.writesCurrency, let token = peek, let code = currency(token) else { return expression }
        // `usd/jpy` after an amount is a pair, read as the target: `100 usd/jpy`.
        index += 1
        if case .amount(let amount, nil) = expression { return .amount(amount, code) }
        return .inCurrency(expression, code, token)
    }

    private mutating func unary() throws(UsageError) -> Formula {
        // `((((…` ten thousand deep once overflowed the stack (SIGSEGV) in a script.
        guard depth <= Self.depthLimit else { throw UsageError(.nestedTooDeep(limit: Self.depthLimit), at: peek) }
        depth += 1
        defer { depth -= 1 }
        // `-12.5 usd`, `-$5`: a sign written against a number belongs to the amount.
        if let sign = peek, sign.text == "-" || sign.text == "+", let number = peekSecond, number.start == sign.end,
            AmountParser.looksLikeAmount(number.text, context: context)
                || context.symbols[number.text] != nil && startsAmount(at: index + 2) == false
        {
            let joined = Token(sign.text + number.text, start: sign.start, end: number.end)
            switch AmountParser.parse(joined.text, context: context) {
            case .success(let parsed):
                index += 2
                return .amount(parsed.amount, parsed.currency)
            case .failure(.notANumber):
                break
            case .failure(let failure):
                throw Self.usageError(AmountParser.ReadFailure(failure: failure, word: joined), at: joined, context: context)
            }
        }
        if let token = peek, token.text == "-" || token.text == "+" {
            index += 1
            let operand = try unary()
            return token.text == "-" ? .negate(operand) : operand
        }
        return try postfix()
    }

    private mutating func postfix() throws(UsageError) -> Formula {
        let primary = try primary()
        guard peek?.text == "%" else { return primary }
        let sign = tokens[index]
        guard case .amount(let amount, nil) = primary else { throw UsageError(.percentOfMoney, at: sign) }
        index += 1
        if skip(["of"]) {
            guard peek != nil else { throw UsageError(.missingAmount(command: "of"), span: nil) }
            return .percentOf(amount.value, try product())
        }
        return .percent(amount.value)
    }

    private mutating func primary() throws(UsageError) -> Formula {
        guard let token = next() else {
            throw UsageError(.missingAmount(command: last?.text ?? ""), span: nil)
        }
        if token.text == "(" {
            let inner = try sum()
            guard peek?.text == ")" else { throw UsageError(.unbalanced("("), at: token) }
            index += 1
            return inner
        }
        // "usd 100": the code before the number.
        if context.symbols[token.text] == nil, let code = currency(token), startsAmount(at: index) {
            let parsed = try readAmount()
            if let glued = parsed.currency, glued != code {
                throw UsageError(.malformedAmount(tokens[index - 1].text, hint: nil), at: tokens[index - 1])
            }
            return .amount(parsed.amount, code)
        }
        // An amount of one or more words: `100`, `€ 100`, `1 234,56 €`, `1.5 lakh inr`.
        index -= 1
        switch AmountParser.read(tokens[index...], context: context) {
        case .success(let reading):
            index += reading.consumed
            return .amount(reading.parsed.amount, reading.parsed.currency)
        case .failure(let failure) where failure.failure == .notANumber:
            index += 1
        case .failure(let failure):
            throw Self.usageError(failure, at: failure.word ?? token, context: context)
        }
        if context.symbols[token.text] != nil { throw UsageError(.missingAmount(command: ""), at: token) }
        // `usd for usd`: a currency where the amount goes.
        if !context.variables.contains(token.text), let code = CurrencyCode(token.text), context.isKnown(code) {
            throw UsageError(.missingAmount(command: tokens[safe: index - 2]?.text ?? ""), at: token)
        }
        if Self.isName(token.text), !CalculatorGrammar.clauseWords.contains(token.folded) {
            if token.folded == "ans" || context.variables.contains(token.text) {
                return .name(token.folded == "ans" ? "ans" : token.text, token)
            }
            // `X eur` with `x` set: names are case-sensitive, and the one meant is named.
            if let other = context.variables.first(where: { $0.lowercased() == token.text.lowercased() }) {
                throw UsageError(.unknownName(token.text, suggestion: other), at: token)
            }
            // `convert abc usd eur`: a word where the amount goes.
            if currency(peek) != nil { throw UsageError(.malformedAmount(token.text, hint: nil), at: token) }
            let suggestion = Suggestions.nearest(to: token.text, in: context.variables.sorted(), maxDistance: 2)
            throw UsageError(.unknownName(token.text, suggestion: suggestion), at: token)
        }
        if token.text.hasPrefix("--") { throw UsageError(.misplacedOption(token.text), at: token) }
        throw UsageError(.expectedAmount(found: token.text), at: token)
    }

    /// The amount at the cursor, of one or more words.
    private mutating func readAmount() throws(UsageError) -> AmountParser.Parsed {
        switch AmountParser.read(tokens[index...], context: context) {
        case .success(let reading):
            index += reading.consumed
            return reading.parsed
        case .failure(let failure):
            throw Self.usageError(failure, at: failure.word ?? tokens[index], context: context)
        }
    }

    /// An amount's failure as the user's mistake: a glued unknown code is blamed with a suggestion.
    static func usageError(_ failure: AmountParser.ReadFailure, at word: Token, context: ParseContext) -> UsageError {
        switch failure.failure {
        case .malformed(let hint): return UsageError(.malformedAmount(word.text, hint: hint), at: word)
        case .unknownCurrency:
            // "100eux": blame the glued code with the usual suggestion.
            let code = String(word.text.reversed().prefix { $0.isLetter }.reversed())
            let suffix = Token(code, start: word.end - code.count, end: word.end)
            return context.currency(suffix).failureValue ?? UsageError(.malformedAmount(word.text, hint: nil), at: word)
        case .notANumber: return UsageError(.malformedAmount(word.text, hint: nil), at: word)
        }
    }

    /// A number with no currency, for fees and rates.
    private func plainNumber(_ token: Token) -> Decimal? {
        guard case .success(let parsed) = AmountParser.parse(token.text, context: context), parsed.currency == nil else { return nil }
        return parsed.amount.value
    }

    /// Whether a date (`2 weeks ago`, `2024-03-01`) starts at `position`.
    func startsDate(at position: Int) -> Bool {
        guard position < tokens.count else { return false }
        return DateGrammar.starts(ArgumentCursor(tokens[position...], after: tokens[position], dateOrder: context.dateOrder))
    }

    /// Whether the currencies stop at `token` for a date at the end (`100 usd eur 1 march 2024`):
    /// one starts there, or a date word (`last`) is there, which is no misspelt currency.
    private func endsInDate(_ token: Token) -> Bool {
        context.code(of: token) == nil && (DateGrammar.isDateWord(token.folded) || startsDate(at: index))
    }

    func startsAmount(at position: Int) -> Bool {
        guard let token = tokens[safe: position] else { return false }
        return AmountParser.looksLikeAmount(token.text, context: context) || token.text == "(" || token.text == "-"
    }

    // MARK: - Names and messages

    static func isName(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter || first == "_" else { return false }
        return word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// A variable may not shadow a currency, a keyword or a command.
    private func checkName(_ token: Token) throws(UsageError) {
        guard Self.isName(token.text) else { throw UsageError(.badName(token.text, reason: .notAName), at: token) }
        if CalculatorGrammar.reservedNames.contains(token.folded) || CommandTree().command(named: token.text) != nil {
            throw UsageError(.badName(token.text, reason: .keyword), at: token)
        }
        if context.symbols[token.text] != nil || CurrencyCode(token.text).map(context.isKnown) == true {
            throw UsageError(.badName(token.text, reason: .currency), at: token)
        }
    }

    private func missingCurrency(after word: String, target: Bool = false) -> UsageError {
        target ? UsageError(.missingTarget(after: word), span: nil) : UsageError(.missingCurrency(after: word), span: nil)
    }

    /// Where the line begins, past a `name =` when one was read.
    private func lineStart(afterAssignment: Bool) -> Int {
        tokens[safe: afterAssignment ? 2 : 0]?.start ?? 0
    }

    /// The words from offset `start` to the last one read, spaced as typed (runs of spaces made one).
    /// Words the phrasing wrote in (`100 g silver` is `(100 / 31.1034768) silver`) have no width
    /// of their own: they are spaced as operators are, parentheses hugging what they hold.
    private func text(from start: Int) -> String {
        var text = ""
        var previous: Token?
        for token in tokens[..<index] where token.start >= start {
            if let previous,
                token.start > previous.end
                    || (token.start == token.end || previous.start == previous.end) && token.text != ")" && previous.text != "("
            {
                text += " "
            }
            text += token.text
            previous = token
        }
        return text
    }
}

extension Calculation {
    /// Nothing but an amount and its targets: the plain conversion `100 usd eur`.
    var isPlainConversion: Bool { fee == nil && givenRate == nil && shareOf == nil && assignTo == nil && !reverse && average == nil }
}
