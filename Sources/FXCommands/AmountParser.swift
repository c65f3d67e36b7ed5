import FXRates

/// Reads one amount word: `100`, `1,234.56`, `-12.5`, `1.5k`, `2m`, `3bn`, `$100`, `100€`, `100usd`.
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

    private static let multipliers: [(suffix: String, exponent: Int)] = [("bn", 9), ("k", 3), ("m", 6), ("b", 9)]

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
        // The numeral runs while digits, commas and the point continue.
        let numeral = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") }
        guard numeral.contains(where: \.isNumber) else { return .failure(.notANumber) }
        let suffix = rest.dropFirst(numeral.count)

        var exponent = 0
        if !suffix.isEmpty {
            if let multiplier = multipliers.first(where: { suffix.lowercased() == $0.suffix }) {
                exponent = multiplier.exponent
            } else if suffix.first == "e" || suffix.first == "E", suffix.dropFirst().allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
                return .failure(.malformed(.exponent))
            } else if currency == nil, let code = CurrencyCode(suffix) {
                guard context.isKnown(code) else { return .failure(.unknownCurrency(String(suffix))) }
                currency = code
            } else {
                return .failure(.malformed(nil))
            }
        }
        guard let (value, scale) = decimal(from: numeral) else {
            let decimalComma = numeral.contains(",") && !numeral.contains(".")
            return .failure(.malformed(decimalComma ? .decimalComma : nil))
        }
        guard let value else { return .failure(.malformed(.tooPrecise)) }
        var scaled = value
        if exponent > 0 { scaled = value * Decimal(sign: .plus, exponent: exponent, significand: 1) }
        // Results keep 38 significant digits: up to 10^24 a conversion stays exact to the cent.
        guard scaled < Decimal(sign: .plus, exponent: 24, significand: 1) else { return .failure(.malformed(.tooLarge)) }
        if negative { scaled = -scaled }
        return .success(Parsed(amount: Amount(scaled, scale: max(0, scale - exponent)), currency: currency))
    }

    /// Digits with optional `,` thousands groups and an optional fraction. The outer nil means
    /// malformed; the inner nil means more digits than an exact decimal holds.
    private static func decimal(from numeral: Substring) -> (Decimal?, Int)? {
        let parts = numeral.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let integer = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !fraction.contains(","), !(integer.isEmpty && fraction.isEmpty) else { return nil }
        if integer.contains(",") {
            let groups = integer.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        let digits = integer.filter { $0 != "," } + (fraction.isEmpty ? "" : "." + fraction)
        return (Decimal(exactly: digits), fraction.count)
    }

    /// The longest symbol `text` starts with; letter symbols such as `zł` count too (`zł100`).
    private static func leadingSymbol(of text: Substring, context: ParseContext) -> String? {
        context.symbols.keys.filter { text.hasPrefix($0) }.max { $0.count < $1.count }
    }

    /// The longest symbol `text` ends with (`100€`, `100zł`).
    private static func trailingSymbol(of text: Substring, context: ParseContext) -> String? {
        context.symbols.keys.filter { text.hasSuffix($0) }.max { $0.count < $1.count }
    }
}
