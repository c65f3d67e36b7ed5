/// Dates as people type them: `2024-03-01`, `2013/03/21`, `21.03.2013`, `today`, `yesterday`,
/// `3d ago`, `3 days ago`, `2w ago`, `6m ago`, `1 month ago`, `1y ago`, `2 years ago`,
/// `last friday`, `last week`, `last month`, `end of 2023`, `end of march 2024`, `1 jan 2024`,
/// `march 1, 2024`, `01/15/2024` (see `WrittenDate`).
enum DateGrammar {
    /// The words a date may start with, offered after `on`.
    static let words = ["today", "yesterday", "last", "end"]
    /// The date words offered at the end of a line without `on` (`100 usd eur yesterday`).
    static let endWords = ["today", "yesterday", "last"]

    /// Words that belong to dates (and `of`, a keyword): never suggested a currency for, since
    /// `last` is no misspelt LAK. Month and weekday names and their three-letter forms too.
    static func isDateWord(_ folded: String) -> Bool {
        vocabulary.contains(folded) || DateNames.month(folded) != nil || DateNames.weekday(folded) != nil
    }
    private static let vocabulary: Set<String> = [
        "today", "yesterday", "last", "end", "of", "ago", "day", "days", "week", "weeks", "month", "months", "year", "years",
        "christmas", "xmas",
    ]

    /// Reads one date at the cursor; nil (nothing consumed) when the next word does not start one.
    static func parse(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        guard let token = cursor.peek else { return nil }
        switch token.folded {
        case "today": _ = cursor.next(); return .daysAgo(0)
        case "yesterday": _ = cursor.next(); return .daysAgo(1)
        case "last": return try lastWeekday(&cursor)
        case "end": return try endOf(&cursor)
        // `at the end of 2024`.
        case "the" where cursor.peekSecond?.folded == "end":
            _ = cursor.next()
            return try endOf(&cursor)
        default: break
        }
        if let named = NamedDay.parse(&cursor) { return named }
        if let written = try WrittenDate.parse(&cursor) { return written }
        // `2013/03/21` arrives as five words, `/` standing alone: join words that touch.
        let joined = cursor.touching()
        if let day = numericDay(joined.text) {
            cursor.skip(count: joined.count)
            return .day(day)
        }
        do throws(DateProblem) {
            var written = try WrittenDate.slashed(joined.text, order: cursor.dateOrder)
            if written == nil { written = try WrittenDate.dashed(joined.text) }
            if let written {
                cursor.skip(count: joined.count)
                return written
            }
        } catch {
            throw UsageError(.dates(error), span: token.start..<(joined.end ?? token.end))
        }
        return try ago(&cursor)
    }

    /// A date closing a line: `on <date>`, or the date alone (`100 usd in eur yesterday`,
    /// `rate usd eur 2024-03-01`). A date word that starts no date is blamed as a date, not as a currency.
    static func parseEnd(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        if let on = try parseOn(&cursor) { return on }
        guard let first = cursor.peek else { return nil }
        if let date = try parse(&cursor) {
            if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "on"), at: extra) }
            return date
        }
        if isDateWord(first.folded) {
            let joined = cursor.touching()
            throw UsageError(.malformedDate(joined.text), span: first.start..<(joined.end ?? first.end))
        }
        return nil
    }

    /// Whether a date starts at the cursor, nothing consumed: one that reads, or one shaped like
    /// a date that names no one day (`01/02/2024`, `31 feb 2024`), which the parse then blames.
    static func starts(_ cursor: ArgumentCursor) -> Bool {
        var copy = cursor
        do { return try parse(&copy) != nil } catch {
            if case .dates = error.kind { return true }
            return false
        }
    }

    /// `3d ago`, `3 days ago`, `2w ago`, `6m ago`, `1 month ago`, `1y ago`, `2 years ago`.
    private static func ago(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        guard let token = cursor.peek, let count = Int(token.text.prefix { $0.isNumber }) ?? countWords[token.folded], count <= 100_000
        else { return nil }
        var unit = countWords[token.folded] == nil ? String(token.folded.drop { $0.isNumber }) : ""
        var words = 1
        if unit.isEmpty, let second = cursor.peekSecond { unit = second.folded; words = 2 }
        let date: DateExpression? =
            switch unit {
            case "d", "day", "days": .daysAgo(count)
            case "w", "week", "weeks": .daysAgo(count * 7)
            case "m", "mo", "month", "months": .monthsAgo(count)
            case "y", "yr", "year", "years": .monthsAgo(count * 12)
            default: nil
            }
        guard let date else { return nil }
        cursor.skip(count: words)
        guard cursor.skip(["ago"]) else { throw UsageError(.malformedDate(token.text), at: token) }
        return date
    }

    /// `a week ago`, `three days ago`: the counts written as words.
    private static let countWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12,
    ]

    /// `last friday`, `last fri`, `last week`, `last month`, `last year`.
    private static func lastWeekday(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression {
        let last = cursor.next()!
        guard let token = cursor.next() else { throw UsageError(.malformedDate(last.text), at: last) }
        if let period = CalendarPeriod(rawValue: token.folded) { return .last(period) }
        guard let weekday = DateNames.weekday(token.folded) else { throw UsageError(.malformedDate(last.text), at: last) }
        return .lastWeekday(weekday)
    }

    /// `end of 2023` (its last day), `end of march 2024`.
    private static func endOf(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression {
        let end = cursor.next()!
        guard cursor.skip(["of"]), let word = cursor.next() else { throw UsageError(.malformedDate(end.text), at: end) }
        var month = 12
        var yearToken = word
        if let named = DateNames.month(word.folded) {
            month = named
            guard let next = cursor.next() else { throw UsageError(.malformedDate(word.text), at: word) }
            yearToken = next
        }
        guard yearToken.text.count == 4, let year = Int(yearToken.text), let first = Day(year: year, month: month, day: 1) else {
            throw UsageError(.malformedDate(yearToken.text), at: yearToken)
        }
        return .day(first.addingMonths(1).adding(days: -1))
    }

    /// `2024-03-01`, `2013/03/21`, `2013.03.21`, `21.03.2013`; nil for anything else.
    static func numericDay(_ text: String) -> Day? {
        guard let separator = text.first(where: { $0 == "-" || $0 == "/" || $0 == "." }) else { return nil }
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        if parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2 {
            return Day(year: Int(parts[0])!, month: Int(parts[1])!, day: Int(parts[2])!)
        }
        // Day first only with dots, as German and Swiss dates are written; `03/21/2013` stays unread.
        if separator == ".", parts[2].count == 4, parts[0].count <= 2, parts[1].count <= 2 {
            return Day(year: Int(parts[2])!, month: Int(parts[1])!, day: Int(parts[0])!)
        }
        return nil
    }

    /// `on <date>` at the end of a line, if there.
    static func parseOn(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        guard cursor.skip(["on", "at"]) else { return nil }
        let keyword = cursor.last
        guard let next = cursor.peek else { throw UsageError(.missingDate(after: keyword.text), span: nil) }
        guard let date = try parse(&cursor) else {
            let joined = cursor.touching()
            throw UsageError(.malformedDate(joined.text), span: next.start..<(joined.end ?? next.end))
        }
        if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "on"), at: extra) }
        return date
    }
}

extension DateGrammar {
    /// The words TAB offers after the date words typed so far (`on last ` → weekdays).
    static func completion(after words: [Token]) -> [String] {
        let folded = words.map(\.folded)
        switch folded.count {
        case 0: return Self.words
        case 1 where folded[0] == "last": return ["week", "month", "year"] + DateNames.weekdays
        case 1 where folded[0] == "end": return ["of"]
        case 2 where folded == ["end", "of"]: return DateNames.months
        case 1 where folded[0].allSatisfy(\.isNumber) && (1...31).contains(Int(folded[0]) ?? 0):
            return ["days", "weeks", "months", "years"] + DateNames.months
        case 1 where folded[0].allSatisfy(\.isNumber): return ["days", "weeks", "months", "years"]
        case 1 where Int(folded[0].prefix { $0.isNumber }) != nil && folded[0].last?.isLetter == true: return ["ago"]
        case 2 where folded[0].allSatisfy(\.isNumber) && !folded[1].allSatisfy(\.isNumber): return ["ago"]
        default: return []
        }
    }
}
