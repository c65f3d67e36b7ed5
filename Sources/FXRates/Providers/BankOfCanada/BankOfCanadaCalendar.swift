/// The days the Bank of Canada publishes no exchange rates: weekends and its bank holidays.
///
/// Checked against every date of the real FXUSDCAD series 2017–2023: closed on Family Day
/// (Ottawa is in Ontario) and Remembrance Day; open on Easter Monday, on Quebec's Saint-Jean-Baptiste,
/// on 2 January and on the 2022 day of mourning for Queen Elizabeth II. A fixed-date holiday on a
/// weekend moves to the next weekday that is not already a holiday (1 January on a Saturday → Monday
/// 3 January, not Friday; Christmas on a Saturday → Monday 27 and Boxing Day → Tuesday 28).
public enum BankOfCanadaCalendar {
    /// Why no rates exist for `day`, or nil on a business day.
    public static func closure(on day: Day) -> String? {
        switch day.weekday {
        case 6: return "Saturday"
        case 7: return "Sunday"
        default: return holidays(day.components.year)[day]
        }
    }

    public static func isBusinessDay(_ day: Day) -> Bool { closure(on: day) == nil }

    /// The first business day after `day`.
    public static func nextBusinessDay(after day: Day) -> Day {
        var next = day.adding(days: 1)
        while !isBusinessDay(next) { next = next.adding(days: 1) }
        return next
    }

    /// The weekday holidays of `year`, on the days they are observed.
    static func holidays(_ year: Int) -> [Day: String] {
        func monday(_ n: Int, _ month: Int) -> Day { nth(n, weekday: 1, month: month, year: year) }
        let may24 = Day(year: year, month: 5, day: 24)!
        var days: [Day: String] = [
            TargetCalendar.easterSunday(year).adding(days: -2): "Good Friday",
            may24.adding(days: -(may24.weekday - 1)): "Victoria Day",  // the Monday before 25 May
            monday(1, 8): "Civic Holiday",
            monday(1, 9): "Labour Day",
            monday(2, 10): "Thanksgiving Day",
        ]
        if year >= 2008 { days[monday(3, 2)] = "Family Day" }
        var fixed = [
            (1, 1, "New Year's Day"), (7, 1, "Canada Day"), (11, 11, "Remembrance Day"),
            (12, 25, "Christmas Day"), (12, 26, "Boxing Day"),
        ]
        if year >= 2021 { fixed.append((9, 30, "National Day for Truth and Reconciliation")) }
        let dated = fixed.map { (Day(year: year, month: $0.0, day: $0.1)!, $0.2) }
        // Weekday ones first, so that a moved holiday skips them (Christmas on a Sunday → Tuesday 27).
        for (date, name) in dated where date.weekday <= 5 { days[date] = name }
        for (date, name) in dated where date.weekday > 5 {
            var observed = date
            while observed.weekday > 5 || days[observed] != nil { observed = observed.adding(days: 1) }
            days[observed] = "\(name) (observed)"
        }
        return days
    }

    /// The `n`th `weekday` (1 = Monday … 7 = Sunday) of a month.
    static func nth(_ n: Int, weekday: Int, month: Int, year: Int) -> Day {
        let first = Day(year: year, month: month, day: 1)!
        return first.adding(days: (weekday - first.weekday + 7) % 7 + 7 * (n - 1))
    }
}
