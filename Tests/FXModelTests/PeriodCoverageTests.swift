import FXModel
import Testing

/// When a period counts as held whole: every publication day in it, up to the latest that can exist.
@Suite struct PeriodCoverageTests {
    static func day(_ text: String) -> Day { Day(iso: text)! }
    static let today = day("2026-11-25")
    /// The built-in rates: 2026-08-03 (a Monday) to 2026-10-30 (a Friday), never checked since.
    static let builtIn = day("2026-08-03")...day("2026-10-30")
    static let first = day("1999-01-04")

    func coverage(
        _ from: String, _ to: String, held: ClosedRange<Day>? = builtIn, fromFirst: Bool = false, current: Bool = false
    ) -> PeriodCoverage {
        PeriodCoverage(
            asked: Self.day(from)...Self.day(to), today: Self.today, held: held, fromFirst: fromFirst, current: current,
            sourceFirst: Self.first, days: 0, first: nil, last: nil)
    }

    @Test func aYearHeldInPartIsNotWhole() {
        let year = coverage("2026-01-01", "2026-12-31")
        #expect(!year.isComplete)
        #expect(year.toDate)
    }

    @Test(arguments: [
        // August begins on a Saturday, so 2026-08-03 is its first publication; October ends on a Saturday.
        ("2026-08-01", "2026-08-31", true), ("2026-09-01", "2026-09-30", true), ("2026-10-01", "2026-10-31", true),
        ("2026-10-01", "2026-11-01", true),
        // 2026-11-02 and 2026-07-31 are publication days not held.
        ("2026-10-01", "2026-11-02", false), ("2026-07-31", "2026-08-31", false), ("2026-11-01", "2026-11-30", false),
        // A year a day before today, as `history … 1y` asks.
        ("2025-11-25", "2026-11-25", false),
    ])
    func monthsAtTheEdgesOfWhatIsHeld(from: String, to: String, whole: Bool) {
        #expect(coverage(from, to).isComplete == whole)
    }

    @Test func aFirstDayHeldLateLeavesTheMonthIncomplete() {
        #expect(!coverage("2026-08-01", "2026-08-31", held: Self.day("2026-08-04")...Self.day("2026-10-30")).isComplete)
    }

    @Test func aCompleteCurrentHistoryHoldsTheYearToDate() {
        let whole = coverage(
            "2026-01-01", "2026-12-31", held: Self.day("1999-01-04")...Self.day("2026-11-24"), fromFirst: true, current: true)
        #expect(whole.isComplete && whole.toDate)
        // The same history no longer current: today's publication can exist and is not held.
        let behind = coverage("2026-01-01", "2026-12-31", held: Self.day("1999-01-04")...Self.day("2026-11-24"), fromFirst: true)
        #expect(!behind.isComplete)
    }

    @Test func beforeTheFirstPublicationThereIsNothingToHold() {
        // That error is the history's own ("no day has rates"), not a shortfall of what is held.
        #expect(coverage("1998-01-01", "1998-12-31").isComplete)
        #expect(!coverage("1998-01-01", "1999-12-31").isComplete)
    }

    @Test func nothingHeldIsNotWhole() {
        #expect(!coverage("2026-09-01", "2026-09-30", held: nil).isComplete)
    }
}
