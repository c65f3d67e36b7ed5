/// Frankfurt local time (CET, CEST in summer) computed from the EU rule, so fx needs no
/// tz database: summer time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC
/// on the last Sunday of October.
public enum CentralEuropeanTime {
    /// The instant when Frankfurt's clocks show `hour`:00 on `day`.
    public static func instant(on day: Day, hour: Int) -> Date {
        let offsetHours = isSummerTime(day) ? 2 : 1
        return day.startUTC.addingTimeInterval(TimeInterval((hour - offsetHours) * 3600))
    }

    /// Frankfurt's calendar day at `date`.
    public static func day(at date: Date) -> Day {
        let utcDay = Day(utc: date)
        // Offsets differ only around 01:00 UTC on change days; trying winter time first is exact enough
        // for a day boundary at local midnight (22:00 or 23:00 UTC).
        let summer = Day(utc: date.addingTimeInterval(7200))
        let winter = Day(utc: date.addingTimeInterval(3600))
        return isSummerTime(utcDay) ? summer : winter
    }

    static func isSummerTime(_ day: Day) -> Bool {
        let year = day.components.year
        let start = lastSunday(year: year, month: 3)
        let end = lastSunday(year: year, month: 10)
        // Whole days are enough: the clocks change on Sundays, when nothing is published.
        return day >= start && day < end
    }

    private static func lastSunday(year: Int, month: Int) -> Day {
        let last = Day(year: year, month: month, day: 31)!
        return last.adding(days: -(last.weekday % 7))
    }
}
