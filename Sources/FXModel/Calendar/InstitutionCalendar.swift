/// The days an institution publishes on, by its documented holidays: what the previous business
/// day is where no history is held to show it. Where history is held, the days it actually
/// published decide (see `RuleSeries`); this calendar names the day it should have published.
public enum InstitutionCalendar: String, Sendable, Equatable, CaseIterable {
    /// TARGET2 closing days: the ECB.
    case target
    /// Polish public holidays: the National Bank of Poland.
    case poland
    /// Bank of Canada holidays.
    case canada
    /// Monday to Friday, no holidays: a source whose calendar fx does not know.
    case weekdays

    /// Why `day` has no publication, or nil on a business day.
    public func closure(on day: Day) -> String? {
        switch self {
        case .target: return TargetCalendar.closure(on: day)
        case .poland: return PolishCalendar.closure(on: day)
        case .canada: return CanadianCalendar.closure(on: day)
        case .weekdays: return Self.weekend(day)
        }
    }

    public func isBusinessDay(_ day: Day) -> Bool { closure(on: day) == nil }

    /// The last business day strictly before `day`.
    public func businessDay(before day: Day) -> Day {
        var current = day.adding(days: -1)
        while !isBusinessDay(current) { current = current.adding(days: -1) }
        return current
    }

    /// The first business day on or after `day`.
    public func businessDay(onOrAfter day: Day) -> Day {
        var current = day
        while !isBusinessDay(current) { current = current.adding(days: 1) }
        return current
    }

    static func weekend(_ day: Day) -> String? {
        switch day.weekday {
        case 6: "Saturday"
        case 7: "Sunday"
        default: nil
        }
    }
}
