extension ParseContext {
    /// Words of the grammar and of dates: never a mistyped currency (`of` is no XOF, `last` no LAK).
    static let notCurrencies: Set<String> = CalculatorGrammar.reservedNames.union([
        "last", "next", "this", "ago", "day", "days", "week", "weeks", "month", "months", "year", "years", "end",
        "the", "a", "an", "is", "what", "how", "much", "many", "rate", "rates", "exchange", "with", "plus", "minus", "times",
        "by", "per", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed",
        "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
        "dec", "january", "february", "march", "april", "june", "july", "august", "september", "october", "november",
        "december", "now", "avg", "average",
    ])

    /// The currency a mistyped word most likely meant: a code for a word of three letters or
    /// fewer (`eux`), a name for a longer one (`dolars` → USD), or the other when that finds none.
    func suggestion(for word: String) -> CurrencyCode? {
        let folded = word.lowercased()
        guard !Self.notCurrencies.contains(folded), !DateGrammar.isDateWord(folded), !folded.contains(where: \.isNumber) else {
            return nil
        }
        func byCode() -> CurrencyCode? {
            let candidates = (preferredCodes + catalog.all.map(\.code)).map(\.rawValue)
            return Suggestions.nearest(to: word, in: candidates, maxDistance: word.count > 3 ? 2 : 1).flatMap { CurrencyCode($0) }
        }
        func byName() -> CurrencyCode? {
            guard word.count > 3, let first = word.first, first.isLetter else { return nil }
            let names = CurrencyNames.standard
            // The user's aliases first: a tie goes to them, as they are read before fx's names.
            let name = Suggestions.nearest(to: folded, in: aliases.keys.sorted() + names.allNames, maxDistance: word.count > 5 ? 2 : 1)
            return name.flatMap { aliases[$0] ?? names.reading(of: $0, home: home)?.code }
        }
        return word.count <= 3 ? byCode() ?? byName() : byName() ?? byCode()
    }
}
