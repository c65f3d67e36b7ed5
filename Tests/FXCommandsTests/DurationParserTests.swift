import FXCommands
import Foundation
import Testing

@Suite("Duration parser")
struct DurationParserTests {
    @Test(
        arguments: [
            ("90s", 90.0), ("15m", 900), ("12h", 43_200), ("2d", 172_800), ("1w", 604_800),
            ("1d12h", 129_600), ("1h30m", 5_400), ("0s", 0), ("2H", 7_200),
        ] as [(String, Double)])
    func readsDurations(text: String, seconds: Double) {
        #expect(DurationParser.parse(text) == seconds)
    }

    @Test(arguments: ["", "5", "x", "5y", "h", "1h5", "-5m", "1.5h", " 5m", "5 m"])
    func rejectsWhatIsNotADuration(text: String) {
        #expect(DurationParser.parse(text) == nil)
        #expect(DurationParser.read(text) == .failure(.malformed))
    }

    /// Issue 34, item 9: no duration a user types may overflow what it becomes (nanoseconds for
    /// a sleep): past ten years it is refused as too long, however many digits it has.
    @Test(arguments: ["999999w", "999999999999s", "3651d", "522w", "99999999999999999999999s", "3650d1s"])
    func refusesWhatIsTooLong(text: String) {
        #expect(DurationParser.read(text) == .failure(.tooLong))
        #expect(DurationParser.parse(text) == nil)
    }

    @Test func takesTheLongest() {
        #expect(DurationParser.parse("3650d") == DurationParser.longest)
        #expect(DurationParser.seconds(DurationParser.longest) == .success(DurationParser.longest))
        #expect(DurationParser.seconds(1e300) == .failure(.tooLong))
        #expect(DurationParser.seconds(.nan) == .failure(.malformed))
    }
}
