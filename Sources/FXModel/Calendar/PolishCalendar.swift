/// Days the National Bank of Poland publishes no table A: weekends and the public holidays of the
/// Act of 18 January 1951 on days off work (Christmas Eve a holiday from 2025).
public enum PolishCalendar {
    public static func closure(on day: Day) -> String? {
        if let weekend = InstitutionCalendar.weekend(day) { return weekend }
        let (year, month, date) = day.components
        switch (month, date) {
        case (1, 1): return "New Year's Day"
        case (1, 6): return "Epiphany"
        case (5, 1): return "Labour Day"
        case (5, 3): return "Constitution Day"
        case (8, 15): return "Assumption Day"
        case (11, 1): return "All Saints' Day"
        case (11, 11): return "Independence Day"
        case (12, 24) where year >= 2025: return "Christmas Eve"
        case (12, 25): return "Christmas Day"
        case (12, 26): return "the second day of Christmas"
        default: break
        }
        let easter = TargetCalendar.easterSunday(year)
        if day == easter.adding(days: 1) { return "Easter Monday" }
        if day == easter.adding(days: 60) { return "Corpus Christi" }
        return nil
    }
}
