/// A calendar day read by a small strftime subset, straight from bytes: no DateFormatter, no
/// time zone, no locale. `%Y` four digits, `%y` two (20yy unless that is after `latestYear`,
/// then 19yy: a CSV sets it to this year, so `68` is 1968, never a future 2068), `%m` and `%d`
/// one or two digits (exactly two when followed by a digit, as in `%Y%m%d`), `%b` an English
/// month abbreviation, `%H %M %S` digits that are read and ignored, `%%` a percent sign; any
/// other character must stand as written. Text after the last directive (a time) is ignored.
public struct DayFormat: Sendable, Equatable {
    enum Part: Equatable, Sendable {
        case year4, year2, month, day, monthName, ignoredNumber
        case literal(UInt8)
    }

    let parts: [Part]
    /// The latest year a two-digit year may mean; 2068 unless set (69–99 → 19xx, 00–68 → 20xx).
    public var latestYear = 2068
    /// Whether `parts` are the ISO form's, decided once: comparing the arrays per row cost
    /// 2.4% of the 1M-row benchmark.
    private let isISO: Bool

    /// The ISO form, also accepting a time after the day (`2024-03-01T10:00`, `2024-03-01 10:00`).
    public static let iso = DayFormat("%Y-%m-%d")!

    /// nil for a format with an unknown directive, or one that names no year, month or day.
    public init?(_ format: String) {
        var parts: [Part] = []
        var bytes = Array(format.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else { parts.append(.literal(byte)); continue }
            switch bytes.popFirst() {
            case UInt8(ascii: "Y"): parts.append(.year4)
            case UInt8(ascii: "y"): parts.append(.year2)
            case UInt8(ascii: "m"): parts.append(.month)
            case UInt8(ascii: "d"), UInt8(ascii: "e"): parts.append(.day)
            case UInt8(ascii: "b"), UInt8(ascii: "h"): parts.append(.monthName)
            case UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S"): parts.append(.ignoredNumber)
            case UInt8(ascii: "%"): parts.append(.literal(UInt8(ascii: "%")))
            default: return nil
            }
        }
        let has = { (wanted: [Part]) in parts.contains { wanted.contains($0) } }
        guard has([.year4, .year2]), has([.month, .monthName]), has([.day]) else { return nil }
        self.parts = parts
        isISO = parts == Self.isoParts
    }

    /// The day `bytes` hold (spaces around it allowed), or nil.
    public func day(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        if isISO, let day = Self.isoDay(bytes) { return day }
        return parsed(bytes)
    }

    private static let isoParts: [Part] = [.year4, .literal(UInt8(ascii: "-")), .month, .literal(UInt8(ascii: "-")), .day]

    /// `YYYY-MM-DD` exactly, perhaps with a time after it: the common case, without the general loop.
    private static func isoDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        if bytes.count > 10, bytes[10] != UInt8(ascii: "T"), bytes[10] != UInt8(ascii: " ") { return nil }
        func number(_ start: Int, _ end: Int) -> Int? {
            var value = 0
            for position in start..<end {
                let digit = bytes[position] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 7), let day = number(8, 10) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    private func parsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        var index = 0
        var end = bytes.count
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        while end > index, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var year: Int?, month: Int?, day: Int?
        for (position, part) in parts.enumerated() {
            // One or two digits, exactly two when a digit may follow (`%Y%m%d`).
            let nextIsDigitPart: Bool = {
                guard position + 1 < parts.count else { return false }
                if case .literal = parts[position + 1] { return false }
                return parts[position + 1] != .monthName
            }()
            func number(_ minimum: Int, _ maximum: Int) -> Int? {
                var value = 0, count = 0
                while count < maximum, index < end, bytes[index] >= 48, bytes[index] <= 57 {
                    value = value * 10 + Int(bytes[index] - 48)
                    index += 1
                    count += 1
                }
                return count >= minimum ? value : nil
            }
            switch part {
            case .year4:
                guard let value = number(4, 4) else { return nil }
                year = value
            case .year2:
                guard let value = number(2, 2) else { return nil }
                year = 2000 + value > latestYear ? 1900 + value : 2000 + value
            case .month:
                guard let value = number(nextIsDigitPart ? 2 : 1, 2) else { return nil }
                month = value
            case .day:
                guard let value = number(nextIsDigitPart ? 2 : 1, 2) else { return nil }
                day = value
            case .ignoredNumber: if number(1, 2) == nil { return nil }
            case .monthName:
                guard end - index >= 3 else { return nil }
                let key = (0..<3).reduce(0) { $0 << 8 | Int(bytes[index + $1] | 0x20) }
                guard let found = Self.monthNames.firstIndex(of: key) else { return nil }
                month = found + 1
                index += 3
                while index < end, bytes[index] | 0x20 >= UInt8(ascii: "a"), bytes[index] | 0x20 <= UInt8(ascii: "z") { index += 1 }
            case .literal(let byte):
                guard index < end, bytes[index] == byte else { return nil }
                index += 1
            }
        }
        // A time may follow the day: `T10:00`, ` 10:00:00`; anything else is not a date.
        if index < end, bytes[index] != UInt8(ascii: "T"), bytes[index] != UInt8(ascii: " ") { return nil }
        guard let year, let month, let day else { return nil }
        return Day(year: year, month: month, day: day)
    }

    private static let monthNames: [Int] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map {
        $0.utf8.reduce(0) { $0 << 8 | Int($1) }
    }
}

extension DayFormat {
    /// The day `text` holds, for tests and one-off reads.
    public func day(_ text: String) -> Day? {
        var copy = text
        return copy.withUTF8 { day($0) }
    }
}
