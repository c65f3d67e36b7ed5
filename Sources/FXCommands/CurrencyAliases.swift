/// The user's own names for currencies (`set alias quid gbp`), kept in the config under `aliases`.
///
/// An alias is read as a name is: in any case, and with an `s` added (`quids`), as ISO's names
/// are (`swiss francs`); it wins over fx's own name of the same spelling (and the answer says
/// so), but never over a currency code, a symbol or a word of the grammar, which it may not be.
public enum CurrencyAliases {
    /// The most characters an alias may have.
    public static let maxLength = 32

    /// Why a word cannot be an alias.
    public enum Problem: Equatable, Sendable {
        /// Not 2 to 32 letters and digits starting with a letter.
        case notAName
        /// A currency code, a symbol or a ticker (`usd`, `kr`, `eurusd`).
        case currency
        /// A command or a word of the grammar, of dates or of units (`in`, `rate`, `today`, `oz`).
        case keyword
        /// fx's name of one currency, given to another (`set alias euro usd`): this one's code.
        case currencyName(CurrencyCode)
    }

    /// `name` as it is kept and matched: lower case.
    public static func folded(_ name: String) -> String { name.lowercased() }

    /// Why `name` cannot be an alias, or nil when it can.
    public static func problem(with name: String, context: ParseContext = ParseContext()) -> Problem? {
        guard let first = name.first, first.isLetter, (2...maxLength).contains(name.count),
            name.allSatisfy({ $0.isLetter || ($0.isASCII && $0.isNumber) })
        else { return .notAName }
        let folded = folded(name)
        if let code = CurrencyCode(folded), context.isKnown(code) { return .currency }
        if context.symbols[name] != nil || context.symbols[folded] != nil { return .currency }
        if folded.count == 6, let base = CurrencyCode(folded.prefix(3)), let quote = CurrencyCode(folded.suffix(3)),
            context.isKnown(base), context.isKnown(quote)
        {
            return .currency
        }
        if isKeyword(folded) { return .keyword }
        return nil
    }

    /// Why `name` cannot stand for `code`: it (or its plural, which it also takes) is fx's name of
    /// one other currency, as `euro` is EUR's; nil when it may. A name several currencies share
    /// (`buck`) may be given to any, with a note where it is read.
    public static func problem(with name: String, for code: CurrencyCode) -> Problem? {
        let folded = folded(name)
        for word in [folded, folded + "s"] {
            guard let reading = CurrencyNames.standard.reading(of: word, home: nil), reading.choice == .only else { continue }
            if reading.code != code { return .currencyName(reading.code) }
        }
        return nil
    }

    /// Words the grammar reads before a currency could be looked for, and `none` (which removes).
    static func isKeyword(_ folded: String) -> Bool {
        CalculatorGrammar.reservedNames.contains(folded) || ParseContext.notCurrencies.contains(folded)
            || DateGrammar.isDateWord(folded) || CommandTree().command(named: folded) != nil
            || Phrasing.unit(folded) != nil || AssetCatalog.standard.units.contains { $0.word == folded || $0.word == folded + "s" }
            || extraWords.contains(folded)
    }

    /// Filler and removal words no other list holds.
    private static let extraWords: Set<String> = ["none", "please", "pls", "one", "into", "whats", "what's", "alias", "aliases"]

    /// The alias `folded` (a word in lower case) is, or whose plural with `s` it is.
    static func code(of folded: String, in aliases: [String: CurrencyCode]) -> CurrencyCode? {
        guard !aliases.isEmpty else { return nil }
        if let code = aliases[folded] { return code }
        guard folded.count > 2, folded.hasSuffix("s") else { return nil }
        return aliases[String(folded.dropLast())]
    }
}
