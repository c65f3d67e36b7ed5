import FXRates
import Foundation

/// "today" and "yesterday" mean the user's own calendar day, not Frankfurt's.
enum LocalCalendar {
    static func today(at now: Date, timeZone: TimeZone = .current) -> Day {
        Day(utc: now.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: now))))
    }
}
