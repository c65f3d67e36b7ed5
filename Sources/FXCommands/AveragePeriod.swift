/// The days `avg` averages over: a calendar year, quarter or month, or any history range.
public enum AveragePeriod: Equatable, Sendable, CustomStringConvertible {
    case year(Int)
    /// 1…4.
    case quarter(year: Int, quarter: Int)
    /// 1…12.
    case month(year: Int, month: Int)
    /// `from <date> to <date>`, `ytd`, `30d`.
    case range(HistoryRange)
    /// `tax-year 2025`: the tax year starting in 2025, as the rule in force cuts it (the UK's 6 April
    /// to 5 April for `uk-hmrc-monthly`).
    case taxYear(Int)

    /// The first and last day of the period, as the user's calendar days.
    public func days(today: Day) -> ClosedRange<Day> {
        switch self {
        case .year(let year): return Day(year: year, month: 1, day: 1)!...Day(year: year, month: 12, day: 31)!
        case .quarter(let year, let quarter):
            let first = Day(year: year, month: quarter * 3 - 2, day: 1)!
            return first...first.addingMonths(3).adding(days: -1)
        case .month(let year, let month):
            let first = Day(year: year, month: month, day: 1)!
            return first...first.addingMonths(1).adding(days: -1)
        case .range(let range): return range.days(today: today, earliest: today)
        case .taxYear(let year): return PeriodCut.ukTaxYear.year(year).days
        }
    }

    /// `from … to …`, `ytd`, `90d`: named by its days, not by a word.
    public var isRange: Bool {
        if case .range = self { return true }
        return false
    }

    /// `2024`, `Q1 2024`, `2024-03`; a range by its days.
    public var description: String {
        switch self {
        case .year(let year): "\(year)"
        case .quarter(let year, let quarter): "Q\(quarter) \(year)"
        case .month(let year, let month): "\(year)-\(month < 10 ? "0" : "")\(month)"
        case .range(let range): range.spoken
        case .taxYear(let year): "tax year \(year)-\(Day.padded((year + 1) % 100, 2))"
        }
    }
}

/// `avg 2024`, `avg 2024-03`, `avg march 2024`, `avg q1 2024`, `avg from 2024-01-15 to 2024-02-15`, `avg ytd`.
enum AverageGrammar {
    /// The words that open the clause.
    static let keywords: Set<String> = ["avg", "average", "mean"]
    /// After the period: the mean of only the days held, when they are not the whole period.
    static let partialWords: Set<String> = ["partial", "--partial"]
    /// What TAB offers after `avg`.
    static let completions = ["q1", "q2", "q3", "q4", "from", "ytd", "tax-year"]

    /// Reads the period after an `avg` the cursor has just consumed.
    static func period(_ cursor: inout ArgumentCursor) throws(UsageError) -> AveragePeriod {
        let keyword = cursor.last
        guard let token = cursor.peek else { throw UsageError(.books(.missingPeriod), at: keyword) }
        let folded = token.folded
        if folded.count == 2, folded.first == "q", let quarter = Int(folded.dropFirst()), (1...4).contains(quarter) {
            _ = cursor.next()
            return .quarter(year: try year(&cursor, after: token), quarter: quarter)
        }
        if let month = DateNames.month(folded) {
            _ = cursor.next()
            return .month(year: try year(&cursor, after: token), month: month)
        }
        let joined = cursor.touching()
        if joined.text.lowercased() == "tax-year" {
            cursor.skip(count: joined.count)
            return .taxYear(try year(&cursor, after: Token(joined.text, start: token.start, end: joined.end ?? token.end)))
        }
        let parts = joined.text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let year = yearNumber(joined.text) {
            cursor.skip(count: joined.count)
            return .year(year)
        }
        if parts.count == 2, let year = yearNumber(String(parts[0])), parts[1].count == 2, let month = Int(parts[1]),
            (1...12).contains(month)
        {
            cursor.skip(count: joined.count)
            return .month(year: year, month: month)
        }
        do {
            if let range = try HistoryRangeGrammar.parse(&cursor), range != .all { return .range(range) }
        } catch {}
        throw UsageError(.books(.period(joined.text)), span: token.start..<(joined.end ?? token.end))
    }

    private static func year(_ cursor: inout ArgumentCursor, after word: Token) throws(UsageError) -> Int {
        guard let token = cursor.next(), let year = yearNumber(token.text) else {
            throw UsageError(.books(.period(word.text)), at: word)
        }
        return year
    }

    private static func yearNumber(_ text: String) -> Int? {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text), year >= 1900 else { return nil }
        return year
    }
}

extension AverageGrammar {
    /// The words TAB offers after the period words typed so far (`avg q1 ` → nothing to add but a year).
    static func completion(after words: [Token]) -> [String] {
        guard let first = words.first?.folded else { return completions }
        if ["from", "since", "to", "until"].contains(words.last!.folded) || words.count > 1 && ["from", "since"].contains(first) {
            let keyword = words.lastIndex { ["from", "since", "to", "until"].contains($0.folded) }!
            let date = DateGrammar.completion(after: Array(words[(keyword + 1)...]))
            if !date.isEmpty { return date }
            return words.contains { ["to", "until"].contains($0.folded) } ? [] : ["to"]
        }
        return []
    }
}

extension HistoryRange {
    /// As a period is named in a sentence: "the last 90d", "2024-01-15 to 2024-02-15".
    var spoken: String {
        switch self {
        case .days(let count): "the last \(count)d"
        case .months(let count): "the last \(count)m"
        case .years(let count): "the last \(count)y"
        case .yearToDate: "this year to date"
        case .between(let start, let end): "\(start) to \(end.map(\.description) ?? "today")"
        case .all: "every publication"
        case .year(let year): "\(year)"
        case .month(let year, let month): "\(DateNames.months[month - 1]) \(year)"
        case .last(let period): "last \(period.rawValue)"
        }
    }
}
