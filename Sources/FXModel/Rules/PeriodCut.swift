/// How a rule cuts time into periods, for yearly averages and `avg tax-year`.
public enum PeriodCut: Sendable, Equatable {
    case calendarYear
    /// A year starting on `month`/`day` (the UK's tax year: 6 April to 5 April), named by the
    /// calendar year it starts in.
    case taxYear(month: Int, day: Int)

    public static let ukTaxYear = PeriodCut.taxYear(month: 4, day: 6)

    /// The period holding `day`: its first and last days, and its name.
    public func period(holding day: Day) -> (days: ClosedRange<Day>, label: String) {
        let heldYear = day.components.year
        switch self {
        case .calendarYear: return year(heldYear)
        case .taxYear(let month, let date):
            let start = Day(year: heldYear, month: month, day: date)!
            return day >= start ? year(heldYear) : year(heldYear - 1)
        }
    }

    /// The period named by `year`: for a tax year, the one starting in it.
    public func year(_ year: Int) -> (days: ClosedRange<Day>, label: String) {
        switch self {
        case .calendarYear: return (Day(year: year, month: 1, day: 1)!...Day(year: year, month: 12, day: 31)!, "\(year)")
        case .taxYear(let month, let date):
            let start = Day(year: year, month: month, day: date)!
            return (start...start.addingMonths(12).adding(days: -1), "tax year \(year)-\(Day.padded((year + 1) % 100, 2))")
        }
    }

    /// The whole months a period's average takes: from the month it starts in up to the month it
    /// ends in, that month excluded when the period ends before its last day (April to March for
    /// the UK tax year, whose 1–5 April belong to the year's whole months before).
    public func months(of days: ClosedRange<Day>) -> Range<Day> {
        let (y1, m1, _) = days.lowerBound.components
        let (y2, m2, _) = days.upperBound.adding(days: 1).components
        return Day(year: y1, month: m1, day: 1)!..<Day(year: y2, month: m2, day: 1)!
    }

    /// `calendar-year`, `tax-year-uk`: as a config names it.
    public var name: String {
        switch self {
        case .calendarYear: "calendar-year"
        case .taxYear(4, 6): "tax-year-uk"
        case .taxYear(let month, let day): "tax-year-\(Day.padded(month, 2))-\(Day.padded(day, 2))"
        }
    }

    /// `calendar-year`, `tax-year-uk`, `tax-year-04-06` (a year from that month and day).
    public init?(name: String) {
        switch name.lowercased() {
        case "calendar-year", "calendar", "year": self = .calendarYear
        case "tax-year-uk", "uk-tax-year": self = .ukTaxYear
        default:
            let parts = name.lowercased().split(separator: "-")
            guard parts.count == 4, parts[0] == "tax", parts[1] == "year", let month = Int(parts[2]), let day = Int(parts[3]),
                Day(year: 2001, month: month, day: day) != nil
            else { return nil }
            self = .taxYear(month: month, day: day)
        }
    }
}
