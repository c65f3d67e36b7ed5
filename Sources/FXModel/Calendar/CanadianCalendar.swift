/// Days the Bank of Canada publishes no daily rates: weekends and its own holidays, each moved to
/// the next weekday when it falls on a weekend, as the Bank observes them.
public enum CanadianCalendar {
    public static func closure(on day: Day) -> String? {
        if let weekend = InstitutionCalendar.weekend(day) { return weekend }
        let (year, month, _) = day.components
        for (name, fixed) in fixedHolidays(year) where observed(fixed) == day { return name }
        let easter = TargetCalendar.easterSunday(year)
        if day == easter.adding(days: -2) { return "Good Friday" }
        switch month {
        case 2 where day == nthMonday(3, month: 2, year: year): return "Family Day"
        case 5 where day == victoriaDay(year): return "Victoria Day"
        case 8 where day == nthMonday(1, month: 8, year: year): return "Civic Holiday"
        case 9 where day == nthMonday(1, month: 9, year: year): return "Labour Day"
        case 10 where day == nthMonday(2, month: 10, year: year): return "Thanksgiving Day"
        default: return nil
        }
    }

    private static func fixedHolidays(_ year: Int) -> [(String, Day)] {
        var days = [
            ("New Year's Day", Day(year: year, month: 1, day: 1)!), ("Canada Day", Day(year: year, month: 7, day: 1)!),
            ("Remembrance Day", Day(year: year, month: 11, day: 11)!), ("Christmas Day", Day(year: year, month: 12, day: 25)!),
        ]
        if year >= 2021 { days.append(("National Day for Truth and Reconciliation", Day(year: year, month: 9, day: 30)!)) }
        // Boxing Day moves past Christmas's own observed Monday.
        let christmas = observed(Day(year: year, month: 12, day: 25)!)
        var boxing = Day(year: year, month: 12, day: 26)!
        while boxing.weekday >= 6 || boxing == christmas { boxing = boxing.adding(days: 1) }
        days.append(("Boxing Day", boxing))
        return days
    }

    /// A holiday on a Saturday or Sunday is observed the Monday after.
    private static func observed(_ day: Day) -> Day {
        switch day.weekday {
        case 6: day.adding(days: 2)
        case 7: day.adding(days: 1)
        default: day
        }
    }

    private static func nthMonday(_ n: Int, month: Int, year: Int) -> Day {
        let first = Day(year: year, month: month, day: 1)!
        return first.adding(days: (8 - first.weekday) % 7 + 7 * (n - 1))
    }

    /// The Monday before 25 May.
    private static func victoriaDay(_ year: Int) -> Day {
        let day = Day(year: year, month: 5, day: 24)!
        return day.adding(days: -((day.weekday - 1) % 7))
    }
}
