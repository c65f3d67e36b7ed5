import FXCommands
import FXRates
import Testing

private func isoDay(_ text: String) -> Day { Day(iso: text)! }

/// Dates as people write them (issue 24): month names, commas, ordinals, slash dates either way
/// round, `last week|month|year`, a date at the end without `on`, and `history … 2024`.
@Suite struct WrittenDateTests {
    private func rateDate(_ line: String, order: DateOrder = .ask) throws -> DateExpression? {
        var context = ParseContext()
        context.dateOrder = order
        guard case .rate(_, _, let on)? = try Parser(context: context).parse(line) else { return nil }
        return on
    }

    @Test(arguments: [
        ("on 1 jan 2024", "2024-01-01", "1 jan 2024"), ("on 1 March 2024", "2024-03-01", "1 March 2024"),
        ("on march 1, 2024", "2024-03-01", "march 1, 2024"), ("on March 1 2024", "2024-03-01", "March 1 2024"),
        ("on 1st march 2024", "2024-03-01", "1st march 2024"), ("on 22nd Feb 2024", "2024-02-22", "22nd Feb 2024"),
        ("on 3rd of MAY 2023", "2023-05-03", "3rd of MAY 2023"), ("on 29 feb 2024", "2024-02-29", "29 feb 2024"),
        ("on SEPT 30, 2020", "2020-09-30", "SEPT 30, 2020"), ("on 01/15/2024", "2024-01-15", "01/15/2024"),
        ("on 15/01/2024", "2024-01-15", "15/01/2024"), ("on 1/1/2024", "2024-01-01", "1/1/2024"),
    ])
    func aWrittenDateReadsAsItsDayAndKeepsItsWords(line: String, iso: String, words: String) throws {
        #expect(try rateDate("rate usd eur " + line) == .written(isoDay(iso), words))
    }

    @Test
    func countsInWordsTheAndDashes() throws {
        #expect(try rateDate("rate usd eur three days ago") == .daysAgo(3))
        #expect(try rateDate("rate usd eur on a week ago") == .daysAgo(7))
        #expect(try rateDate("rate usd eur on twelve months ago") == .monthsAgo(12))
        #expect(try rateDate("rate usd eur on the 1st of march 2024") == .written(isoDay("2024-03-01"), "1st of march 2024"))
        #expect(try rateDate("rate usd eur 1-Mar-2024") == .written(isoDay("2024-03-01"), "1-Mar-2024"))
        #expect(usageError("rate usd eur on 30-feb-2024")?.kind == .dates(.noSuchDay("30-feb-2024")))
        #expect(usageError("rate usd eur on the")?.kind == .malformedDate("the"))
    }

    @Test
    func dotsStayDayFirstAsBefore() throws {
        #expect(try rateDate("rate usd eur on 15.01.2024") == .day(isoDay("2024-01-15")))
        #expect(try rateDate("rate usd eur 15.01.2024") == .day(isoDay("2024-01-15")))
    }

    @Test(arguments: ["01/02/2024", "12/11/2023", "1/2/2024"])
    func aSlashDateThatReadsBothWaysIsOneQuestion(text: String) throws {
        let error = usageError("rate usd eur on " + text)
        guard case .dates(.ambiguous(let written, let dayFirst, let monthFirst))? = error?.kind else {
            Issue.record("expected an ambiguous date, got \(String(describing: error))")
            return
        }
        #expect(written == text)
        #expect(dayFirst != monthFirst)
        #expect(error?.span == 16..<(16 + text.count))
        // The same words without `on`, and in a conversion.
        #expect(usageError("rate usd eur " + text)?.kind == error?.kind)
        #expect(usageError("100 usd in eur " + text)?.kind == error?.kind)
    }

    @Test
    func theDateOrderSettingDecides() throws {
        #expect(try rateDate("rate usd eur on 01/02/2024", order: .dmy) == .written(isoDay("2024-02-01"), "01/02/2024"))
        #expect(try rateDate("rate usd eur on 01/02/2024", order: .mdy) == .written(isoDay("2024-01-02"), "01/02/2024"))
        // An unambiguous one is read its only way under either setting.
        #expect(try rateDate("rate usd eur on 01/15/2024", order: .dmy) == .written(isoDay("2024-01-15"), "01/15/2024"))
        #expect(try rateDate("rate usd eur on 15/01/2024", order: .mdy) == .written(isoDay("2024-01-15"), "15/01/2024"))
    }

    @Test(arguments: ["31 feb 2024", "29 feb 2023", "april 31, 2024", "02/30/2024", "30/02/2024", "31 june"])
    func aDayTheMonthLacksIsRefused(text: String) {
        #expect(usageError("rate usd eur on " + text)?.kind == .dates(.noSuchDay(text)))
    }

    @Test(arguments: ["13/13/2024", "2024/13/01", "0/1/2024"])
    func slashesThatAreNoDate(text: String) {
        let kind = usageError("rate usd eur on " + text)?.kind
        guard case .malformedDate? = kind else {
            Issue.record("\(text): \(String(describing: kind))")
            return
        }
    }

    @Test
    func aDayAndMonthWithoutAYearIsTheLatestNotAfterToday() throws {
        #expect(try rateDate("rate usd eur on 1 march") == .monthDay(month: 3, day: 1))
        #expect(try rateDate("rate usd eur on march 1") == .monthDay(month: 3, day: 1))
        let today = isoDay("2026-11-25")
        #expect(DateExpression.monthDay(month: 3, day: 1).resolve(today: today) == isoDay("2026-03-01"))
        #expect(DateExpression.monthDay(month: 12, day: 1).resolve(today: today) == isoDay("2025-12-01"))
        #expect(DateExpression.monthDay(month: 11, day: 25).resolve(today: today) == today)
        #expect(DateExpression.monthDay(month: 2, day: 29).resolve(today: today) == isoDay("2024-02-29"))
    }

    @Test
    func lastWeekMonthAndYearAreADayBackAsADay() throws {
        #expect(try rateDate("rate usd eur on last week") == .last(.week))
        #expect(try rateDate("rate usd eur last month") == .last(.month))
        let today = isoDay("2026-11-25")
        #expect(DateExpression.last(.week).resolve(today: today) == isoDay("2026-11-18"))
        #expect(DateExpression.last(.month).resolve(today: today) == isoDay("2026-10-25"))
        #expect(DateExpression.last(.year).resolve(today: isoDay("2024-02-29")) == isoDay("2023-02-28"))
        #expect(DateExpression.last(.month).description == "last month")
    }

    @Test
    func lastWeekMonthAndYearAreTheCalendarPeriodBeforeAsARange() {
        // 2026-11-25 is a Wednesday.
        let today = isoDay("2026-11-25")
        #expect(CalendarPeriod.week.previous(today: today) == isoDay("2026-11-16")...isoDay("2026-11-22"))
        #expect(CalendarPeriod.month.previous(today: today) == isoDay("2026-10-01")...isoDay("2026-10-31"))
        #expect(CalendarPeriod.year.previous(today: today) == isoDay("2025-01-01")...isoDay("2025-12-31"))
        #expect(CalendarPeriod.month.previous(today: isoDay("2024-03-31")) == isoDay("2024-02-01")...isoDay("2024-02-29"))
        #expect(CalendarPeriod.week.previous(today: isoDay("2026-11-23")) == isoDay("2026-11-16")...isoDay("2026-11-22"))
    }

    @Test(arguments: [
        ("100 usd in eur yesterday", DateExpression.daysAgo(1)),
        ("100 usd eur 1 march 2024", .written(isoDay("2024-03-01"), "1 march 2024")),
        ("100 usd eur 2024-03-01", .day(isoDay("2024-03-01"))), ("100 usd to eur 2 days ago", .daysAgo(2)),
        ("100 usd eur 3 weeks ago", .daysAgo(21)), ("100 usd eur last friday", .lastWeekday(5)),
        ("100 usd eur,gbp last week", .last(.week)),
        ("convert 100 usd eur today", .daysAgo(0)), ("100 usd eur on march 1, 2024", .written(isoDay("2024-03-01"), "march 1, 2024")),
    ])
    func aDateAtTheEndOfAConversionNeedsNoOn(line: String, date: DateExpression) throws {
        guard case .convert(_, _, let targets, let on)? = try Parser().parse(line) else {
            Issue.record("\(line) is no conversion")
            return
        }
        #expect(on == date)
        #expect(!targets.isEmpty)
    }

    @Test
    func aDateAtTheEndOfACalculationAndATicker() throws {
        guard case .calculate(let calculation)? = try Parser().parse("100 usd + 20 eur in gbp yesterday") else {
            Issue.record("no calculation")
            return
        }
        #expect(calculation.date == .daysAgo(1))
        #expect(try Parser().parse("usd eur yesterday") == .rate(base: code("USD"), quotes: [code("EUR")], on: .daysAgo(1)))
        #expect(
            try Parser().parse("rate usd eur 2024-03-01") == .rate(base: code("USD"), quotes: [code("EUR")], on: .day(isoDay("2024-03-01")))
        )
        #expect(try Parser().parse("rate usd yesterday") == .rate(base: code("USD"), quotes: [], on: .daysAgo(1)))
    }

    @Test(arguments: ["100 usd in eur last", "rate usd eur last", "usd eur last", "100 usd eur of"])
    func aDateWordIsNeverSuggestedACurrency(line: String) {
        let kind = usageError(line)?.kind
        if case .unknownCurrency(_, let suggestion)? = kind { #expect(suggestion == nil, "\(line)") }
        #expect(kind != nil, "\(line) parsed")
        #expect(usageError("100 usd in last")?.kind != .unknownCurrency("last", suggestion: code("LAK")))
        #expect(usageError("100 of")?.kind != .unknownCurrency("of", suggestion: code("XOF")))
    }

    @Test
    func historyTakesAYearAMonthAndTheLastPeriod() throws {
        func range(_ line: String) throws -> HistoryRange? {
            guard case .history(let query)? = try Parser().parse(line) else { return nil }
            return query.range
        }
        #expect(try range("history usd eur 2024") == .year(2024))
        #expect(try range("history usd eur march 2024") == .month(year: 2024, month: 3))
        #expect(try range("history usd eur last month") == .last(.month))
        #expect(try range("history usd eur 1 march 2024") == .between(.written(isoDay("2024-03-01"), "1 march 2024"), nil))
        #expect(
            try range("history usd eur from 01/15/2024 to 1 feb 2024")
                == .between(.written(isoDay("2024-01-15"), "01/15/2024"), .written(isoDay("2024-02-01"), "1 feb 2024")))
        // What was read before still is.
        #expect(try range("history usd eur 30 days") == .days(30))
        #expect(try range("history usd eur 6m") == .months(6))
        #expect(try range("history usd eur 2024-03-01") == .between(.day(isoDay("2024-03-01")), nil))
        let today = isoDay("2026-11-25")
        #expect(HistoryRange.year(2024).days(today: today, earliest: today) == isoDay("2024-01-01")...isoDay("2024-12-31"))
        #expect(HistoryRange.year(2026).days(today: today, earliest: today) == isoDay("2026-01-01")...today)
        #expect(HistoryRange.year(2030).days(today: today, earliest: today).lowerBound > today)
        #expect(HistoryRange.month(year: 2024, month: 2).days(today: today, earliest: today) == isoDay("2024-02-01")...isoDay("2024-02-29"))
    }

    @Test
    func anAverageTakesLastMonth() throws {
        guard case .average(_, _, let period, _)? = try Parser().parse("rate usd eur avg last month") else {
            Issue.record("no average")
            return
        }
        #expect(period == .range(.last(.month)))
    }

    @Test
    func setDateOrder() throws {
        #expect(try Parser().parse("set date_order dmy") == .set(.dateOrder(.dmy)))
        #expect(try Parser().parse("set date_order MDY") == .set(.dateOrder(.mdy)))
        #expect(try Parser().parse("set date_order ask") == .set(.dateOrder(.ask)))
        #expect(usageError("set date_order ymd")?.kind == .unknownSetting("ymd", known: ["ask", "dmy", "mdy"]))
    }

    @Test
    func whatTheAnswerSays() {
        #expect(DateExpression.daysAgo(1).needsMeaning)
        #expect(DateExpression.written(isoDay("2024-03-01"), "1 march 2024").needsMeaning)
        #expect(!DateExpression.day(isoDay("2024-03-01")).needsMeaning)
        #expect(DateMeaning(typed: "yesterday", day: isoDay("2026-11-24")).description == "yesterday = 2026-11-24")
    }
}
