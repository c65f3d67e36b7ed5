import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("AgeText")
struct AgeTextTests {
    @Test(
        arguments: [
            (0, "0s"), (45, "45s"), (59.9, "59s"), (60, "1m"), (192, "3m 12s"), (3600, "1h"), (7500, "2h 5m"),
            (86_400, "1d"), (3 * 86_400 + 4 * 3600, "3d 4h"), (3 * 86_400 + 4 * 3600 + 59 * 60, "3d 4h"), (-5, "0s"),
        ] as [(TimeInterval, String)])
    func durations(seconds: Double, text: String) {
        #expect(AgeText.duration(seconds) == text)
    }

    @Test(
        arguments: [
            (192, "3m 12s ago"), (45, "45s ago"), (1, "1s ago"), (0.5, "just now"), (0, "just now"), (-30, "just now"),
            (-3600, "at an unknown time"),
        ] as [(TimeInterval, String)])
    func ago(secondsAgo: Double, text: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(AgeText.ago(now - secondsAgo, now: now) == text)
    }
}
