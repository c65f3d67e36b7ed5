/// A calendar date with no time or zone (`2026-10-30`): the date a rate applies to.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    public let ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    /// nil for impossible dates such as 2024-02-30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        ordinal = era * 146_097 + doe - 719_468
    }

    /// Parses ISO `YYYY-MM-DD` exactly.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The UTC calendar day of an instant.
    public init(utc date: Date) {
        ordinal = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    public var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 + 1 }

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// Midnight UTC at the start of this day.
    public var startUTC: Date { Date(timeIntervalSince1970: TimeInterval(ordinal) * 86_400) }

    public var description: String {
        let (y, m, d) = components
        return Self.padded(y, 4) + "-" + Self.padded(m, 2) + "-" + Self.padded(d, 2)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Zero-padded decimal digits. Not `String(format:)`: that links ICU into fx, whose
    /// loading costs more than a whole answer from the cache.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Day(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension Day {
    /// The same day of the month `months` later (or earlier), clamped to the month's length:
    /// 2026-03-31 minus one month is 2026-02-28.
    public func addingMonths(_ months: Int) -> Day {
        let (year, month, day) = components
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        return Day(year: newYear, month: newMonth, day: min(day, Day.daysIn(month: newMonth, year: newYear)))!
    }
}
