/// Dates written the way people write them: `1 jan 2024`, `1st March 2024`, `march 1, 2024`,
/// `March 1st`, `1 march` (the latest one not after today), and slash dates either way round
/// (`01/15/2024`, `15/01/2024`; `01/02/2024` only under a `date_order` setting).
enum WrittenDate {
    /// A day-and-month-name date at the cursor; nil (nothing consumed) when the words start none.
    static func parse(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        // `on the 1st of march 2024`: `the` is read only before such a date.
        if cursor.peek?.folded == "the" {
            var after = cursor
            _ = after.next()
            guard let date = try parse(&after) else { return nil }
            cursor = after
            return date
        }
        guard let first = cursor.peek, let second = cursor.peekSecond else { return nil }
        var lookahead = cursor
        let day: Int, month: Int
        if let number = dayNumber(first.folded), let named = monthAfter(&lookahead, skipping: 1) {
            (day, month) = (number, named)
        } else if let named = DateNames.month(first.folded), let number = dayNumber(second.folded) {
            (day, month) = (number, named)
            lookahead.skip(count: 2)
        } else {
            return nil
        }
        // `march 1, 2024`: a comma may stand before the year.
        var afterComma = lookahead
        _ = afterComma.skip([","])
        let words = Self.words(from: cursor, to: afterComma)
        if let yearToken = afterComma.peek, let year = year(yearToken.text) {
            _ = afterComma.next()
            let text = Self.words(from: cursor, to: afterComma)
            guard let found = Day(year: year, month: month, day: day) else {
                throw UsageError(.dates(.noSuchDay(text)), span: first.start..<yearToken.end)
            }
            cursor = afterComma
            return .written(found, text)
        }
        // Without a year: any day the month can have (29 february looks back to a leap year).
        guard Day(year: 2024, month: month, day: day) != nil else {
            throw UsageError(.dates(.noSuchDay(words)), span: first.start..<(lookahead.last.end))
        }
        cursor = lookahead
        return .monthDay(month: month, day: day)
    }

    /// `01/15/2024` (month first: 15 cannot be a month), `15/01/2024` (day first), `01/01/2024`;
    /// `01/02/2024` by `order`, else an error asking which. Nil when `text` is no slash date.
    static func slashed(_ text: String, order: DateOrder) throws(DateProblem) -> DateExpression? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].count == 4, parts[0].count <= 2, parts[1].count <= 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let (a, b, year) = (Int(parts[0])!, Int(parts[1])!, Int(parts[2])!)
        guard a >= 1, b >= 1 else { return nil }
        let dayFirst = Day(year: year, month: b, day: a), monthFirst = Day(year: year, month: a, day: b)
        let chosen: Day?
        switch (a <= 12, b <= 12) {
        case (false, false): return nil
        case (false, true): chosen = dayFirst
        case (true, false): chosen = monthFirst
        case (true, true):
            if a == b || order == .dmy {
                chosen = dayFirst
            } else if order == .mdy {
                chosen = monthFirst
            } else {
                throw .ambiguous(text, dayFirst: dayFirst!, monthFirst: monthFirst!)
            }
        }
        guard let chosen else { throw .noSuchDay(text) }
        return .written(chosen, text)
    }

    /// `1-mar-2024`, `01-Mar-2024`: day, month name and year joined by dashes, as banks write them.
    static func dashed(_ text: String) throws(DateProblem) -> DateExpression? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let day = dayNumber(String(parts[0])), let month = DateNames.month(parts[1].lowercased()),
            let year = year(String(parts[2]))
        else { return nil }
        guard let found = Day(year: year, month: month, day: day) else { throw .noSuchDay(text) }
        return .written(found, text)
    }

    /// `1`, `01`, `1st`, `22nd`, `3rd`, `4th`: a day of the month.
    private static func dayNumber(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(digits), (1...31).contains(day)
        else { return nil }
        return day
    }

    /// The month named `skipping` words on (after an optional `of`: `1st of march`), consuming up to it.
    private static func monthAfter(_ cursor: inout ArgumentCursor, skipping: Int) -> Int? {
        var lookahead = cursor
        lookahead.skip(count: skipping)
        _ = lookahead.skip(["of"])
        guard let word = lookahead.next(), let month = DateNames.month(word.folded) else { return nil }
        cursor = lookahead
        return month
    }

    /// `2024`: four digits, from 1000.
    static func year(_ text: String) -> Int? {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text), year >= 1000 else { return nil }
        return year
    }

    /// The words between two positions of one cursor, as typed (a comma kept against its word).
    private static func words(from start: ArgumentCursor, to end: ArgumentCursor) -> String {
        var walker = start
        var text = ""
        while walker.position < end.position, let token = walker.next() {
            text += text.isEmpty || token.text == "," ? token.text : " " + token.text
        }
        return text
    }
}
