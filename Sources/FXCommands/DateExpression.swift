/// A date as typed: resolved against today only when the command runs, so parsing stays pure.
public enum DateExpression: Equatable, Sendable, CustomStringConvertible {
    case day(Day)
    /// `today` is 0, `yesterday` 1, `3d ago` 3, `2w ago` 14.
    case daysAgo(Int)
    /// `6m ago` is 6, `1 month ago` 1, `1y ago` 12: calendar months, clamped to the month's end.
    case monthsAgo(Int)
    /// `last friday`: the most recent such weekday strictly before today (1 = Monday … 7 = Sunday).
    case lastWeekday(Int)

    public func resolve(today: Day) -> Day {
        switch self {
        case .day(let day): day
        case .daysAgo(let count): today.adding(days: -count)
        case .monthsAgo(let count): today.addingMonths(-count)
        case .lastWeekday(let weekday): today.adding(days: -((today.weekday - weekday + 6) % 7 + 1))
        }
    }

    public var description: String {
        switch self {
        case .day(let day): day.description
        case .daysAgo(0): "today"
        case .daysAgo(1): "yesterday"
        case .daysAgo(let count): "\(count)d ago"
        case .monthsAgo(let count) where count % 12 == 0: "\(count / 12)y ago"
        case .monthsAgo(let count): "\(count)m ago"
        case .lastWeekday(let weekday): "last " + DateNames.weekdays[(weekday - 1) % 7]
        }
    }
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
