extension Rule {
    /// The earliest publication the rule may take for a transaction on `day`: the institution's
    /// series is needed from there on, not from its first publication (NBP's since 2002 is 13 MB).
    /// The table of the business day before for NBP, the month's rate from its 1st, the quarter's
    /// from the day before it starts (the Treasury dates a quarter's rates by the previous
    /// quarter's end), a period's mean from its first whole month.
    public func earliestPublication(for day: Day) -> Day {
        switch self.day {
        case .onOrBefore, .sameDay: return day
        case .previousBusinessDay: return calendar.businessDay(before: day)
        case .month:
            let (year, month, _) = day.components
            return Day(year: year, month: month, day: 1)!
        case .quarter:
            let (year, month, _) = day.components
            return Day(year: year, month: (month - 1) / 3 * 3 + 1, day: 1)!.adding(days: -1)
        case .average: return period.months(of: period.period(holding: day).days).lowerBound
        }
    }
}
