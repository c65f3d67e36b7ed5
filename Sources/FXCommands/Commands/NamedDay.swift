/// Days people name rather than date: `christmas 2024`, `christmas eve`, `boxing day`, `new
/// year's eve 2023`, `new year's day`. With a year, that day; without, the latest one not after today.
enum NamedDay {
    /// The words of each name (lower case, `'` and `’` dropped), longest first, and its month and day.
    static let names: [(words: [String], month: Int, day: Int)] = [
        (["new", "years", "eve"], 12, 31), (["new", "years", "day"], 1, 1), (["christmas", "eve"], 12, 24),
        (["christmas", "day"], 12, 25), (["boxing", "day"], 12, 26), (["new", "year"], 1, 1), (["new", "years"], 1, 1),
        (["christmas"], 12, 25), (["xmas"], 12, 25),
    ]

    /// Whether `word` (lower case) starts a named day: never a mistyped currency.
    static func starts(_ word: String) -> Bool {
        let plain = folded(word)
        return names.contains { $0.words[0] == plain }
    }

    /// The named day at the cursor, and a year after it if one follows; nil (nothing consumed) otherwise.
    static func parse(_ cursor: inout ArgumentCursor) -> DateExpression? {
        guard let first = cursor.peek, starts(first.folded) else { return nil }
        for name in names {
            var lookahead = cursor
            var typed: [String] = []
            var matched = true
            for word in name.words {
                guard let token = lookahead.peek, folded(token.folded) == word else { matched = false; break }
                typed.append(token.text)
                _ = lookahead.next()
            }
            guard matched else { continue }
            if let yearToken = lookahead.peek, let year = WrittenDate.year(yearToken.text) {
                _ = lookahead.next()
                typed.append(yearToken.text)
                cursor = lookahead
                // Every named day exists in every year.
                return .written(Day(year: year, month: name.month, day: name.day)!, typed.joined(separator: " "))
            }
            cursor = lookahead
            return .monthDay(month: name.month, day: name.day)
        }
        return nil
    }

    /// `year's` and `year’s` as `years`.
    private static func folded(_ word: String) -> String {
        word.filter { $0 != "'" && $0 != "’" }
    }
}
