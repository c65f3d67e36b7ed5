/// Durations as people say them on a status line: "45s", "3m 12s", "2h 5m", "3d 4h".
public enum AgeText {
    public static func duration(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded(.down)))
        let (days, hours, minutes, secs) = (total / 86_400, total / 3600 % 24, total / 60 % 60, total % 60)
        if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
        if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
        if minutes > 0 { return secs > 0 ? "\(minutes)m \(secs)s" : "\(minutes)m" }
        return "\(secs)s"
    }

    /// "3m 12s ago", or "just now" under a second. A stamp more than a minute ahead of the clock
    /// (written by a clock that was wrong) has no age to tell.
    public static func ago(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < -60 { return "at an unknown time" }
        return seconds < 1 ? "just now" : duration(seconds) + " ago"
    }
}
