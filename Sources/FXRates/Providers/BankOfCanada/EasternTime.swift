/// Toronto local time (EST, UTC−5; EDT, UTC−4 in summer) computed from the US/Canada rule in force
/// since 2007, so fx needs no tz database: summer time runs from 02:00 local on the second Sunday
/// of March (07:00 UTC) to 02:00 local on the first Sunday of November (06:00 UTC).
public enum EasternTime {
    /// The instant when Toronto's clocks show `hour`:`minute` on `day`.
    public static func instant(on day: Day, hour: Int, minute: Int = 0) -> Date {
        let offsetHours = isSummerTime(day) ? 4 : 5
        return day.startUTC.addingTimeInterval(TimeInterval((hour + offsetHours) * 3600 + minute * 60))
    }

    /// Toronto's calendar day at `date`, exact also on the Sundays when the clocks change.
    public static func day(at date: Date) -> Day {
        let (start, end) = summerTime(Day(utc: date).components.year)
        let offsetHours = date >= start && date < end ? 4 : 5
        return Day(utc: date.addingTimeInterval(TimeInterval(-offsetHours * 3600)))
    }

    /// Whole days are enough for `instant`: the clocks change at 02:00 on Sundays, when nothing is published.
    static func isSummerTime(_ day: Day) -> Bool {
        let year = day.components.year
        return day >= nthSunday(2, month: 3, year: year) && day < nthSunday(1, month: 11, year: year)
    }

    /// The instants summer time begins and ends in `year`.
    static func summerTime(_ year: Int) -> (start: Date, end: Date) {
        (
            nthSunday(2, month: 3, year: year).startUTC.addingTimeInterval(7 * 3600),
            nthSunday(1, month: 11, year: year).startUTC.addingTimeInterval(6 * 3600)
        )
    }

    private static func nthSunday(_ n: Int, month: Int, year: Int) -> Day {
        BankOfCanadaCalendar.nth(n, weekday: 7, month: month, year: year)
    }
}
