import Foundation
import FXTestSupport
import Testing
import FXModel

@Suite("Day")
struct DayTests {
    @Test(arguments: ["2026-10-30", "2024-02-29", "2000-02-29", "1999-01-04", "1970-01-01", "1969-12-31", "0001-01-01", "9999-12-31"])
    func isoRoundTrip(text: String) throws {
        let parsed = try #require(Day(iso: text))
        #expect(parsed.description == text)
        let (y, m, d) = parsed.components
        #expect(Day(year: y, month: m, day: d) == parsed)
    }

    @Test func ordinalsCountFromTheUnixEpoch() {
        #expect(day("1970-01-01").ordinal == 0)
        #expect(day("1969-12-31").ordinal == -1)
        #expect(day("1970-01-02").ordinal == 1)
        // 2026-10-30 is 20756 days after 1970-01-01 (Python: date(2026,10,30) - date(1970,1,1)).
        #expect(day("2026-10-30").ordinal == 20756)
    }

    @Test func roundTripOverFourCenturies() {
        // Every day from 1900-01-01 to 2300-12-31 formats and parses back to itself, consecutively.
        var previous: Day?
        for ordinal in day("1900-01-01").ordinal...day("2300-12-31").ordinal {
            let current = Day(ordinal: ordinal)
            guard Day(iso: current.description) == current else {
                Issue.record("\(ordinal) → \(current) does not round-trip")
                return
            }
            if let previous, previous.adding(days: 1) != current { Issue.record("gap after \(previous)") }
            previous = current
        }
    }

    @Test(arguments: [
        "2024-02-30", "2023-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
        "2026-01-32", "2026-1-05", "20261030", "2026/10/30", "2026-10-30T00:00", " 2026-10-30", "2026-10-3a", "",
    ])
    func rejectsInvalid(text: String) {
        #expect(Day(iso: text) == nil)
    }

    @Test func leapDays() {
        #expect(Day(iso: "2024-02-29") != nil)
        #expect(Day(iso: "2000-02-29") != nil)
        #expect(Day(year: 2023, month: 2, day: 29) == nil)
        #expect(Day(year: 2024, month: 2, day: 30) == nil)
        #expect(day("2024-02-29").adding(days: 1) == day("2024-03-01"))
        #expect(day("2023-02-28").adding(days: 1) == day("2023-03-01"))
    }

    @Test(arguments: [
        ("2026-10-30", 5), ("2026-10-31", 6), ("2026-11-01", 7), ("2026-11-02", 1),
        ("2000-01-01", 6), ("1970-01-01", 4), ("1969-12-31", 3), ("2024-02-29", 4), ("2026-04-03", 5),
        ("1999-01-04", 1),
    ])
    func weekday(text: String, expected: Int) {
        #expect(day(text).weekday == expected)
    }

    @Test func utcDayOfAnInstant() {
        #expect(Day(utc: utc("2026-10-30T00:00:00Z")) == day("2026-10-30"))
        #expect(Day(utc: utc("2026-10-30T23:59:59Z")) == day("2026-10-30"))
        #expect(Day(utc: utc("1969-12-31T12:00:00Z")) == day("1969-12-31"))
        #expect(day("2026-10-30").startUTC == utc("2026-10-30T00:00:00Z"))
    }

    @Test func codableAsISOText() throws {
        let data = try JSONEncoder().encode([day("2026-10-30")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-10-30"]"#)
        #expect(try JSONDecoder().decode([Day].self, from: data) == [day("2026-10-30")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Day].self, from: Data(#"["2023-02-29"]"#.utf8)) }
    }

    @Test func ordering() {
        #expect(day("2026-10-29") < day("2026-10-30"))
        #expect(day("1999-12-31") < day("2000-01-01"))
    }
}

@Suite("TARGET calendar")
struct TargetCalendarTests {
    @Test(arguments: [
        ("2026-04-03", "Good Friday"),
        ("2026-04-06", "Easter Monday"),
        ("2025-04-18", "Good Friday"),
        ("2025-04-21", "Easter Monday"),
        ("2025-12-25", "Christmas Day"),
        ("2025-12-26", "Boxing Day"),
        ("2026-01-01", "New Year's Day"),
        ("2026-05-01", "Labour Day"),
        ("2026-10-31", "Saturday"),
        ("2026-11-01", "Sunday"),
        ("2022-12-25", "Sunday"),  // a holiday on a weekend is reported as the weekend
    ])
    func closures(text: String, reason: String) {
        #expect(TargetCalendar.closure(on: day(text)) == reason)
        #expect(!TargetCalendar.isWorkingDay(day(text)))
    }

    @Test(arguments: [
        "2026-04-02", "2026-04-07", "2025-12-24", "2025-12-29", "2025-12-31", "2026-01-02",
        "2026-10-30", "2026-11-02", "2026-04-30", "2026-05-04", "2026-12-24",
    ])
    func workingDays(text: String) {
        #expect(TargetCalendar.closure(on: day(text)) == nil)
        #expect(TargetCalendar.isWorkingDay(day(text)))
    }

    @Test(arguments: [
        (2024, "2024-03-31"), (2025, "2025-04-20"), (2026, "2026-04-05"), (2000, "2000-04-23"),
        (2008, "2008-03-23"), (2019, "2019-04-21"), (2027, "2027-03-28"), (2038, "2038-04-25"),
        (1818, "1818-03-22"), (2285, "2285-03-22"),
    ])
    func easterSunday(year: Int, expected: String) {
        #expect(TargetCalendar.easterSunday(year) == day(expected))
        #expect(TargetCalendar.easterSunday(year).weekday == 7)
    }

    @Test(arguments: [
        ("2026-04-02", "2026-04-07"),  // Maundy Thursday → over Good Friday, the weekend and Easter Monday
        ("2026-04-03", "2026-04-07"),
        ("2025-12-24", "2025-12-29"),  // Christmas Eve → over 25, 26 and the weekend
        ("2025-12-31", "2026-01-02"),  // over New Year's Day
        ("2026-10-30", "2026-11-02"),  // Friday → Monday
        ("2026-04-30", "2026-05-04"),  // over Labour Day (a Friday in 2026) and the weekend
        ("2026-11-02", "2026-11-03"),
    ])
    func nextWorkingDay(after text: String, expected: String) {
        #expect(TargetCalendar.nextWorkingDay(after: day(text)) == day(expected))
    }

    @Test(arguments: [
        ("2026-04-06", "2026-04-02"),
        ("2026-11-01", "2026-10-30"),
        ("2026-01-01", "2025-12-31"),
        ("2026-10-30", "2026-10-30"),
    ])
    func workingDayOnOrBefore(text: String, expected: String) {
        #expect(TargetCalendar.workingDay(onOrBefore: day(text)) == day(expected))
    }
}

@Suite("Frankfurt time")
struct CentralEuropeanTimeTests {
    @Test(arguments: [
        ("2026-10-30", "2026-10-30T15:00:00Z"),  // after summer time ended on Sunday 2026-10-25: CET, UTC+1
        ("2026-10-26", "2026-10-26T15:00:00Z"),  // the Monday after the change
        ("2026-10-23", "2026-10-23T14:00:00Z"),  // before 2026-10-25: CEST, UTC+2
        ("2026-07-01", "2026-07-01T14:00:00Z"),
        ("2026-01-15", "2026-01-15T15:00:00Z"),
        ("2026-03-27", "2026-03-27T15:00:00Z"),  // before summer time starts on Sunday 2026-03-29
        ("2026-03-30", "2026-03-30T14:00:00Z"),
        ("2025-10-24", "2025-10-24T14:00:00Z"),  // 2025: summer time ends on 2025-10-26
        ("2025-10-27", "2025-10-27T15:00:00Z"),
    ])
    func sixteenHundredFrankfurt(date: String, expected: String) {
        #expect(CentralEuropeanTime.instant(on: day(date), hour: 16) == utc(expected))
    }

    @Test(arguments: [
        ("2026-10-30T22:59:59Z", "2026-10-30"),  // 23:59:59 CET
        ("2026-10-30T23:00:00Z", "2026-10-31"),  // midnight CET
        ("2026-07-01T21:59:59Z", "2026-07-01"),  // 23:59:59 CEST
        ("2026-07-01T22:00:00Z", "2026-07-02"),  // midnight CEST
        ("2026-10-30T15:00:00Z", "2026-10-30"),
    ])
    func frankfurtCalendarDay(instant: String, expected: String) {
        #expect(CentralEuropeanTime.day(at: utc(instant)) == day(expected))
    }
}
