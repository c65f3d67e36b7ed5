import FXCommands
import FXRates
import Testing

/// `%y`: a two-digit year is this century's unless that is after `latestYear` (a CSV sets it to
/// this year), then the previous century's: `68` read in 2026 is 1968, never a future 2068.
@Suite struct DayFormatPivotTests {
    @Test(arguments: [
        ("01/06/68", "1968-06-01"), ("01/06/26", "2026-06-01"), ("01/06/27", "1927-06-01"), ("31/12/99", "1999-12-31"),
        ("01/01/00", "2000-01-01"),
    ])
    func aTwoDigitYearIsNeverAfterThisYear(text: String, iso: String) throws {
        var format = try #require(DayFormat("%d/%m/%y"))
        format.latestYear = 2026
        #expect(format.day(text) == Day(iso: iso))
    }

    @Test
    func unsetItReadsAsBefore() throws {
        let format = try #require(DayFormat("%d/%m/%y"))
        #expect(format.day("01/06/68") == Day(iso: "2068-06-01"))
        #expect(format.day("01/06/69") == Day(iso: "1969-06-01"))
    }
}
