/// Walks a command's argument words left to right; grammar code reads like the grammar.
struct ArgumentCursor {
    private let tokens: ArraySlice<Token>
    private var index: Int
    /// The last word consumed, for "missing … after 'X'" messages.
    private(set) var last: Token
    /// How a slash date such as `01/02/2024` reads (the `date_order` setting).
    var dateOrder: DateOrder = .ask

    init(_ tokens: ArraySlice<Token>, after command: Token, dateOrder: DateOrder = .ask) {
        self.tokens = tokens
        index = tokens.startIndex
        last = command
        self.dateOrder = dateOrder
    }

    var peek: Token? { index < tokens.endIndex ? tokens[index] : nil }
    var peekSecond: Token? { index + 1 < tokens.endIndex ? tokens[index + 1] : nil }
    var isAtEnd: Bool { index >= tokens.endIndex }
    /// The index of the next word in the tokens the cursor was made from.
    var position: Int { index }

    mutating func next() -> Token? {
        guard let token = peek else { return nil }
        index += 1
        last = token
        return token
    }

    /// Consumes `count` words.
    mutating func skip(count: Int) {
        for _ in 0..<count { _ = next() }
    }

    /// The next words that touch one another (`2013`,`/`,`03` from `2013/03`), joined; nothing consumed.
    func touching() -> (text: String, count: Int, end: Int?) {
        guard var previous = peek else { return ("", 0, nil) }
        var text = previous.text
        var position = index + 1
        while position < tokens.endIndex, tokens[position].start == previous.end {
            previous = tokens[position]
            text += previous.text
            position += 1
        }
        return (text, position - index, previous.end)
    }

    /// Consumes the next word if it is one of `words` (compared without case).
    mutating func skip(_ words: Set<String>) -> Bool {
        guard let token = peek, words.contains(token.folded) else { return false }
        _ = next()
        return true
    }

    /// The currency words up to the end or a date (`on …`, or with `datesEnd` a date alone:
    /// `rate usd eur 2024-03-01`), commas between them allowed; a currency named twice counts
    /// once (`100 usd eur eur` converts to EUR once).
    mutating func currencyList(_ context: ParseContext, datesEnd: Bool = false) throws(UsageError) -> [CurrencyCodeToken] {
        var codes: [CurrencyCodeToken] = []
        while let token = peek, !dateKeywords.contains(token.folded) {
            if datesEnd, context.code(of: token) == nil, DateGrammar.starts(self) || DateGrammar.isDateWord(token.folded) { break }
            _ = next()
            if token.text == "," { continue }
            let code = try context.currency(token).get()
            if !codes.contains(where: { $0.code == code }) { codes.append(CurrencyCodeToken(code: code, token: token)) }
        }
        return codes
    }
}

struct CurrencyCodeToken {
    let code: CurrencyCode
    let token: Token
}

/// Words that may stand between a source currency and its targets.
let targetKeywords: Set<String> = ["to", "in", "into", "as", "->", "→", "="]

/// Words that start a date at the end of `convert` and `rate`.
let dateKeywords: Set<String> = ["on", "at"]
