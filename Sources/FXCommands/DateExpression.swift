import FXRates

/// A date as typed: resolved against today only when the command runs, so parsing stays pure.
public enum DateExpression: Equatable, Sendable, CustomStringConvertible {
    case day(Day)
    /// `today` is 0, `yesterday` 1, `3d ago` 3, `2w ago` 14.
    case daysAgo(Int)

    public func resolve(today: Day) -> Day {
        switch self {
        case .day(let day): day
        case .daysAgo(let count): today.adding(days: -count)
        }
    }

    public var description: String {
        switch self {
        case .day(let day): day.description
        case .daysAgo(0): "today"
        case .daysAgo(1): "yesterday"
        case .daysAgo(let count): "\(count)d ago"
        }
    }
}
