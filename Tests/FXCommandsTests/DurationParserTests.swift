import FXCommands
import Foundation
import Testing

@Suite("Duration parser")
struct DurationParserTests {
    @Test("reads durations", arguments: [
        ("90s", 90.0), ("15m", 900), ("12h", 43_200), ("2d", 172_800), ("1w", 604_800),
        ("1d12h", 129_600), ("1h30m", 5_400), ("0s", 0), ("2H", 7_200),
    ] as [(String, TimeInterval)])
    func reads(text: String, seconds: TimeInterval) {
        #expect(DurationParser.parse(text) == seconds)
    }

    @Test("rejects what is not a duration", arguments: ["", "5", "x", "5y", "h", "1h5", "-5m", "1.5h", " 5m", "5 m"])
    func rejects(text: String) {
        #expect(DurationParser.parse(text) == nil)
    }
}
