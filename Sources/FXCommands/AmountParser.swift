/// Reads one amount word: `100`, `1,234.56`, `1.234,56`, `1'234.50`, `-12.5`, `1.5k`, `2m`, `3bn`,
/// `₩12만`, `5万`, `$100`, `100€`, `100usd`. `read` takes an amount spread over several words.
enum AmountParser {
    struct Parsed: Equatable {
        var amount: Amount
        /// A currency written on the number itself, by symbol or glued code.
        var currency: CurrencyCode?
    }

    enum Failure: Error, Equatable {
        /// Not an amount at all: the caller tries other readings.
        case notANumber
        case malformed(UsageError.AmountHint?)
        case unknownCurrency(String)
    }

    /// Scale words and suffixes, glued (`1.5k`, `₩12만`) or, all but `b`, as words of their own (`1.5 lakh`).
    static let multipliers: [String: Int] = [
        "k": 3, "thousand": 3, "m": 6, "mn": 6, "million": 6, "b": 9, "bn": 9, "billion": 9,
        "lakh": 5, "lakhs": 5, "lac": 5, "crore": 7, "crores": 7, "cr": 7,
        // Chinese and Japanese, then Korean: thousand, ten thousand, a hundred million, a trillion.
        "千": 3, "万": 4, "萬": 4, "億": 8, "亿": 8, "兆": 12, "천": 3, "만": 4, "억": 8, "조": 12,
    ]

    /// Whether a word starts like an amount, which is how a bare `100 usd eur` line is recognised.
    static func looksLikeAmount(_ word: String, context: ParseContext) -> Bool {
        var rest = Substring(word)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        if let symbol = leadingSymbol(of: rest, context: context) { rest = rest.dropFirst(symbol.count) }
        if rest.first == "-" { rest = rest.dropFirst() }
        guard let first = rest.first else { return false }
        return first.isASCII && first.isNumber || first == "." && rest.dropFirst().first?.isNumber == true
    }

    static func parse(_ word: String, context: ParseContext) -> Result<Parsed, Failure> {
        var rest = Substring(word)
        var negative = false
        var currency: CurrencyCode?

        var signed = false
        func takeSign() -> Bool {
            guard rest.first == "-" || rest.first == "+" else { return true }
            // One sign, before or after the symbol: "-$5" and "$-5", never "-$-5".
            guard !signed else { return false }
            signed = true
            negative = rest.first == "-"
            rest = rest.dropFirst()
            return true
        }
        _ = takeSign()
        if let symbol = leadingSymbol(of: rest, context: context) {
            currency = context.symbols[symbol]
            rest = rest.dropFirst(symbol.count)
            guard takeSign() else { return .failure(.malformed(nil)) }
        }
        if currency == nil, let symbol = trailingSymbol(of: rest, context: context) {
            currency = context.symbols[symbol]
            rest = rest.dropLast(symbol.count)
        }
        // `100 €` as one word, with a no-break space: the space belongs to neither side.
        while rest.last?.isWhitespace == true { rest = rest.dropLast() }
        // The numeral runs while digits and marks continue.
        var numeral = rest.prefix(while: Numeral.continues)
        guard numeral.contains(where: \.isNumber) else { return .failure(.notANumber) }
        let suffix = rest.dropFirst(numeral.count)
        while numeral.last?.isWhitespace == true { numeral = numeral.dropLast() }

        var exponent = 0
        if !suffix.isEmpty {
            if let multiplier = multipliers[suffix.lowercased()] {
                exponent = multiplier
            } else if suffix.first == "e" || suffix.first == "E", suffix.dropFirst().allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
                return .failure(.malformed(.exponent))
            } else if currency == nil, let code = CurrencyCode(suffix) {
                guard context.isKnown(code) else { return .failure(.unknownCurrency(String(suffix))) }
                currency = code
            } else {
                return .failure(.malformed(nil))
            }
        }
        guard let (value, scale) = Numeral.read(numeral, format: context.numberFormat) else { return .failure(.malformed(nil)) }
        guard let value else { return .failure(.malformed(.tooPrecise)) }
        var scaled = value
        if exponent > 0 { scaled = value * Decimal(sign: .plus, exponent: exponent, significand: 1) }
        // Results keep 38 significant digits: up to 10^24 a conversion stays exact to the cent.
        guard scaled < Decimal(sign: .plus, exponent: 24, significand: 1) else { return .failure(.malformed(.tooLarge)) }
        if negative { scaled = -scaled }
        return .success(Parsed(amount: Amount(scaled, scale: max(0, scale - exponent)), currency: currency))
    }

    /// The longest symbol `text` starts with; letter symbols such as `zł` count too (`zł100`).
    static func leadingSymbol(of text: Substring, context: ParseContext) -> String? {
        // No symbol starts with a digit: most amounts skip the pass over every symbol.
        if let first = text.first, first.isASCII, first.isNumber { return nil }
        return context.symbols.keys.filter { text.hasPrefix($0) }.max { $0.count < $1.count }
    }

    /// The longest symbol `text` ends with (`100€`, `100zł`).
    private static func trailingSymbol(of text: Substring, context: ParseContext) -> String? {
        if let last = text.last, last.isASCII, last.isNumber { return nil }
        return context.symbols.keys.filter { text.hasSuffix($0) }.max { $0.count < $1.count }
    }
}
