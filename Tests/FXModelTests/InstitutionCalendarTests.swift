import FXModel
import Testing

/// The hard days of each institution's calendar, written out by hand from the published holiday lists.
struct InstitutionCalendarTests {
    func day(_ text: String) -> Day { Day(iso: text)! }

    @Test func polishHolidays() {
        let closed = [
            "2024-01-01", "2024-01-06", "2024-04-01", "2024-05-01", "2024-05-03", "2024-05-30", "2024-08-15", "2024-11-01",
            "2024-11-11", "2024-12-25", "2024-12-26", "2025-04-21", "2025-06-19", "2025-12-24",
        ]
        for text in closed { #expect(!InstitutionCalendar.poland.isBusinessDay(day(text)), "\(text)") }
        // Good Friday is a working day in Poland, Christmas Eve too before 2025; a UK bank holiday is nothing there.
        for text in ["2024-03-29", "2024-12-24", "2024-05-02", "2024-08-26", "2024-05-27"] {
            #expect(InstitutionCalendar.poland.isBusinessDay(day(text)), "\(text)")
        }
    }

    @Test func polishPreviousBusinessDay() {
        let poland = InstitutionCalendar.poland
        // Easter Monday: the Saturday and Sunday before it, then Good Friday (open).
        #expect(poland.businessDay(before: day("2024-04-02")) == day("2024-03-29"))
        // 1 and 3 May: the Monday after takes Thursday 2 May.
        #expect(poland.businessDay(before: day("2024-05-06")) == day("2024-05-02"))
        #expect(poland.businessDay(before: day("2024-05-02")) == day("2024-04-30"))
        // Corpus Christi 2024 (Thursday 30 May).
        #expect(poland.businessDay(before: day("2024-05-31")) == day("2024-05-29"))
        // A year's first business day takes the last of the year before.
        #expect(poland.businessDay(before: day("2025-01-02")) == day("2024-12-31"))
        // 24 December: published in 2024, a holiday from 2025.
        #expect(poland.businessDay(before: day("2024-12-27")) == day("2024-12-24"))
        #expect(poland.businessDay(before: day("2025-12-29")) == day("2025-12-23"))
        // Epiphany, Tuesday 6 January 2026.
        #expect(poland.businessDay(before: day("2026-01-07")) == day("2026-01-05"))
    }

    @Test func canadianHolidays() {
        let canada = InstitutionCalendar.canada
        let closed = [
            "2024-01-01", "2024-02-19", "2024-03-29", "2024-05-20", "2024-07-01", "2024-08-05", "2024-09-02", "2024-09-30",
            "2024-10-14", "2024-11-11", "2024-12-25", "2024-12-26",
            // Canada Day 2023 on a Saturday: observed Monday 3 July; Christmas 2021 on a Saturday, Boxing Day on a Sunday.
            "2023-07-03", "2021-12-27", "2021-12-28",
        ]
        for text in closed { #expect(!canada.isBusinessDay(day(text)), "\(text)") }
        // Easter Monday and a UK bank holiday are open in Canada.
        for text in ["2024-04-01", "2024-08-26", "2024-05-27"] { #expect(canada.isBusinessDay(day(text)), "\(text)") }
        #expect(canada.businessDay(before: day("2024-05-21")) == day("2024-05-17"))
        #expect(canada.businessDay(before: day("2024-01-02")) == day("2023-12-29"))
    }

    @Test func targetDays() {
        let target = InstitutionCalendar.target
        for text in ["2024-03-29", "2024-04-01", "2024-05-01", "2024-12-25", "2024-12-26", "2025-01-01"] {
            #expect(!target.isBusinessDay(day(text)), "\(text)")
        }
        // A UK bank holiday Monday and 24 December are TARGET days.
        for text in ["2024-08-26", "2024-05-27", "2024-12-24", "2024-05-03"] { #expect(target.isBusinessDay(day(text)), "\(text)") }
        #expect(target.businessDay(before: day("2024-04-02")) == day("2024-03-28"))
        #expect(target.businessDay(before: day("2025-01-02")) == day("2024-12-31"))
    }
}
