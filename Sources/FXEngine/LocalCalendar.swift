import FXAnswers
import FXRates

/// "today" and "yesterday" mean the user's own calendar day, not Frankfurt's.
enum LocalCalendar {
    static func today(at now: Date, utcOffset: (Date) -> Int = LocalTime.utcOffset(at:)) -> Day {
        Day(utc: now.addingTimeInterval(TimeInterval(utcOffset(now))))
    }
}
