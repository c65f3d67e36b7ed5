/// The `--` words of `history`: the format, `--monthly`/`--yearly`, `--invert`, `--digits N`, `--partial`.
struct HistoryOptions {
    var format = HistoryFormat.chart
    var grouping = HistoryGrouping.daily
    var invert = false
    var digits: Int?
    var partial = false
    /// The words that are not options, in order.
    var words: [Token] = []

    /// What TAB offers where an option may go.
    static let completions = [
        "--table", "--csv", "--json", "--ledger", "--hledger", "--beancount", "--monthly", "--yearly", "--invert", "--digits", "--partial",
    ]

    /// The most significant digits a Decimal holds with room to spare.
    static let maximumDigits = 30

    static func read(_ arguments: ArraySlice<Token>, command: Token) throws(UsageError) -> HistoryOptions {
        var options = HistoryOptions()
        var tokens = arguments.makeIterator()
        while let token = tokens.next() {
            guard token.text.hasPrefix("--") else { options.words.append(token); continue }
            let name = String(token.folded.dropFirst(2))
            switch name {
            case "monthly": options.grouping = .monthly
            case "yearly": options.grouping = .yearly
            case "invert": options.invert = true
            case "partial": options.partial = true
            case "digits":
                guard let value = tokens.next(), let digits = Int(value.text), (1...maximumDigits).contains(digits) else {
                    throw UsageError(.books(.digits(maximum: maximumDigits)), at: token)
                }
                options.digits = digits
            default:
                guard let chosen = HistoryFormat(rawValue: name), chosen != .chart else {
                    throw UsageError(.unexpectedWord(token.text, command: command.text), at: token)
                }
                options.format = chosen
            }
        }
        return options
    }

    /// The words of a line being completed, without options and the number after `--digits`.
    /// A list such as `eur,gbp` counts as one word, its last currency standing for it.
    static func words(of arguments: [Token]) -> [Token] {
        var words: [Token] = []
        var afterDigits = false, afterComma = false
        for token in arguments {
            defer { afterDigits = token.folded == "--digits" }
            if token.text.hasPrefix("--") || afterDigits { continue }
            if token.text == "," { afterComma = true; continue }
            if afterComma, !words.isEmpty { words.removeLast() }
            afterComma = false
            words.append(token)
        }
        return words
    }

    /// The query for every pair of `bases` × `quotes`, each swapped by `--invert`.
    func query(bases: [CurrencyCode], quotes: [CurrencyCode], range: HistoryRange) throws(UsageError) -> HistoryQuery {
        var pairs: [CurrencyPair] = []
        for base in bases {
            for quote in quotes where quote != base {
                pairs.append(invert ? CurrencyPair(quote, base) : CurrencyPair(base, quote))
            }
        }
        guard let first = pairs.first else { throw UsageError(.samePair(bases[0]), span: nil) }
        // A chart shows one pair's days: averages and several pairs are listed instead.
        let format = (grouping != .daily || pairs.count > 1) && format == .chart ? .table : format
        if digits != nil, !format.isPriceFile { throw UsageError(.books(.digitsOutsidePriceFile), span: nil) }
        return HistoryQuery(
            base: first.base, quote: first.quote, range: range, format: format, pairs: pairs, grouping: grouping, digits: digits,
            partial: partial)
    }
}
