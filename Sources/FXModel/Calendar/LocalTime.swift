#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's offset from UTC at an instant, from the C library's time zone rules (TZ,
/// /etc/localtime). Not `TimeZone.current`: on Linux that brings ICU into fx, whose loading
/// costs more than a whole answer from the cache.
public enum LocalTime {
    public static func utcOffset(at date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// `2026-10-30 18:00` for a local time `offset` seconds ahead of UTC.
    public static func minuteText(_ date: Date, offset: Int) -> String {
        let local = Int((date.timeIntervalSince1970 + TimeInterval(offset)).rounded(.down))
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return Day(utc: Date(timeIntervalSince1970: TimeInterval(local))).description + " "
            + Day.padded(secondOfDay / 3600, 2) + ":" + Day.padded(secondOfDay % 3600 / 60, 2)
    }
}
