/// TARGET2 closing days, on which the ECB publishes no reference rates:
/// weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December.
public enum TargetCalendar {
    /// Why no rates exist for `day`, or nil when it is a working day.
    public static func closure(on day: Day) -> String? {
        switch day.weekday {
        case 6: return "Saturday"
        case 7: return "Sunday"
        default: break
        }
        let (year, month, date) = day.components
        switch (month, date) {
        case (1, 1): return "New Year's Day"
        case (5, 1): return "Labour Day"
        case (12, 25): return "Christmas Day"
        case (12, 26): return "Boxing Day"
        default: break
        }
        let easter = easterSunday(year)
        if day == easter.adding(days: -2) { return "Good Friday" }
        if day == easter.adding(days: 1) { return "Easter Monday" }
        return nil
    }

    public static func isWorkingDay(_ day: Day) -> Bool { closure(on: day) == nil }

    /// The first working day after `day`.
    public static func nextWorkingDay(after day: Day) -> Day {
        var next = day.adding(days: 1)
        while !isWorkingDay(next) { next = next.adding(days: 1) }
        return next
    }

    /// The last working day on or before `day`.
    public static func workingDay(onOrBefore day: Day) -> Day {
        var current = day
        while !isWorkingDay(current) { current = current.adding(days: -1) }
        return current
    }

    /// Gregorian Easter Sunday (the anonymous Meeus/Jones/Butcher algorithm).
    public static func easterSunday(_ year: Int) -> Day {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return Day(year: year, month: month, day: day)!
    }
}
