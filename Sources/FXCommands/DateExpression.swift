/// A date as typed: resolved against today only when the command runs, so parsing stays pure.
public enum DateExpression: Equatable, Sendable, CustomStringConvertible {
    case day(Day)
    /// `today` is 0, `yesterday` 1, `3d ago` 3, `2w ago` 14.
    case daysAgo(Int)
    /// `6m ago` is 6, `1 month ago` 1, `1y ago` 12: calendar months, clamped to the month's end.
    case monthsAgo(Int)
    /// `last friday`: the most recent such weekday strictly before today (1 = Monday … 7 = Sunday).
    case lastWeekday(Int)
    /// `last week`, `last month`, `last year`: as a day, that long before today (`1w ago`,
    /// `1 month ago`, `1y ago`); as a range (`history`, `avg`), the whole calendar period before this one.
    case last(CalendarPeriod)
    /// `1 march 2024`, `march 1, 2024`, `01/15/2024`: one day, kept with its words to say what they meant.
    case written(Day, String)
    /// `1 march`, `march 1`: that day in the latest year where it is not after today.
    case monthDay(month: Int, day: Int)

    public func resolve(today: Day) -> Day {
        switch self {
        case .day(let day), .written(let day, _): day
        case .daysAgo(let count): today.adding(days: -count)
        case .monthsAgo(let count): today.addingMonths(-count)
        case .lastWeekday(let weekday): today.adding(days: -((today.weekday - weekday + 6) % 7 + 1))
        case .last(.week): today.adding(days: -7)
        case .last(.month): today.addingMonths(-1)
        case .last(.year): today.addingMonths(-12)
        case .monthDay(let month, let day): Self.latest(month: month, day: day, today: today)
        }
    }

    /// `29 feb` looks back to the latest leap year.
    private static func latest(month: Int, day: Int, today: Day) -> Day {
        var year = today.components.year
        while year > today.components.year - 8 {
            if let found = Day(year: year, month: month, day: day), found <= today { return found }
            year -= 1
        }
        return today
    }

    /// Whether the answer should say which day these words meant: all but a day written as digits.
    public var needsMeaning: Bool {
        if case .day = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .day(let day): day.description
        case .written(_, let text): text
        case .daysAgo(0): "today"
        case .daysAgo(1): "yesterday"
        case .daysAgo(let count): "\(count)d ago"
        case .monthsAgo(let count) where count % 12 == 0: "\(count / 12)y ago"
        case .monthsAgo(let count): "\(count)m ago"
        case .lastWeekday(let weekday): "last " + DateNames.weekdays[(weekday - 1) % 7]
        case .last(let period): "last \(period.rawValue)"
        case .monthDay(let month, let day): "\(day) \(DateNames.months[month - 1])"
        }
    }
}

/// A calendar week (Monday to Sunday), month or year, as `last week` names one.
public enum CalendarPeriod: String, Equatable, Sendable, CaseIterable {
    case week, month, year

    /// The whole period before the one `today` is in: `last month` on 2026-11-25 is 2026-10-01…2026-10-31.
    public func previous(today: Day) -> ClosedRange<Day> {
        switch self {
        case .week:
            let monday = today.adding(days: -(today.weekday - 1))
            return monday.adding(days: -7)...monday.adding(days: -1)
        case .month:
            let first = Day(year: today.components.year, month: today.components.month, day: 1)!
            return first.addingMonths(-1)...first.adding(days: -1)
        case .year:
            let year = today.components.year - 1
            return Day(year: year, month: 1, day: 1)!...Day(year: year, month: 12, day: 31)!
        }
    }
}

/// What a date's words meant, said in the answer: `yesterday = 2026-11-24`.
public struct DateMeaning: Equatable, Sendable, CustomStringConvertible {
    public let typed: String
    public let day: Day

    public init(typed: String, day: Day) {
        self.typed = typed
        self.day = day
    }

    public var description: String { "\(typed) = \(day)" }
}

/// English month and weekday names, as dates are typed and completed.
enum DateNames {
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// 1…12 for a month's name or its first three letters (`mar`, `sept` too).
    static func month(_ word: String) -> Int? {
        if word == "sept" { return 9 }
        return months.firstIndex { $0 == word || word.count == 3 && $0.hasPrefix(word) }.map { $0 + 1 }
    }

    /// 1 (Monday) … 7 for a weekday's name or its first three letters.
    static func weekday(_ word: String) -> Int? {
        weekdays.firstIndex { $0 == word || word.count == 3 && $0.hasPrefix(word) }.map { $0 + 1 }
    }
}
