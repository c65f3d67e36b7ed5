/// A server's `Retry-After` (RFC 9110 §10.2.3): seconds to wait, or an HTTP-date. fx sends that
/// source nothing before it passes, across runs too (a cron job asking every minute would
/// otherwise keep a rate-limited account locked).
public enum RetryAfter: Sendable, Equatable, Codable {
    case seconds(Int)
    case date(Date)

    /// The longest wait honoured: a typo or a hostile server must not silence a source for years.
    public static let longest: TimeInterval = 24 * 3600

    /// Nil for a missing or unreadable header.
    public init?(_ header: String?) {
        guard let text = header?.trimmedOfWhitespace, !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            // Digits only; a value too long for Int is certainly past the cap.
            self = .seconds(Int(text) ?? Int(Self.longest))
        } else if let date = Self.httpDate(text) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// When the source may be asked again, for an answer received at `now`, at most `longest` on.
    /// Whole seconds, rounded up: usage.json keeps no fractions, and a wait read back must not end early.
    public func instant(after now: Date) -> Date {
        let wanted: Date =
            switch self {
            case .seconds(let seconds): now.addingTimeInterval(TimeInterval(seconds))
            case .date(let date): date
            }
        let until = min(wanted, now.addingTimeInterval(Self.longest))
        return Date(timeIntervalSince1970: until.timeIntervalSince1970.rounded(.up))
    }

    /// The three forms RFC 9110 has recipients accept: `Sun, 06 Nov 1994 08:49:37 GMT`,
    /// `Sunday, 06-Nov-94 08:49:37 GMT` and asctime's `Sun Nov  6 08:49:37 1994`. By hand, not
    /// with DateFormatter, which would load ICU into fx for one header.
    static func httpDate(_ text: String) -> Date? {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let words = text.lowercased().split { $0 == " " || $0 == "," || $0 == "-" }
        var numbers: [Int] = [], month: Int?, clock: [Int]?
        for word in words {
            if let index = months.firstIndex(of: String(word)) {
                month = index + 1
            } else if word.contains(":") {
                let parts = word.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                clock = parts
            } else if let number = Int(word) {
                numbers.append(number)
            }
        }
        // The weekday and the zone are words, skipped; the day comes before the year in all three forms.
        guard let month, let clock, numbers.count == 2, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]),
            (0...60).contains(clock[2])
        else { return nil }
        var year = numbers[1]
        // RFC 850's two-digit years: RFC 9110 reads them as the nearest such year not over 50 years ahead.
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        guard let day = Day(year: year, month: month, day: numbers[0]) else { return nil }
        return day.startUTC.addingTimeInterval(TimeInterval(clock[0] * 3600 + clock[1] * 60 + clock[2]))
    }
}

extension FetchFailure {
    /// A 429 or 503 that says when to ask again, as `.throttled`; nil for any other answer.
    /// Each source checks this before reading the body, whose error text would say less.
    public static func throttled(_ response: HTTPResponse) -> FetchFailure? {
        guard response.status == 429 || response.status == 503, let wait = RetryAfter(response.header("Retry-After")) else {
            return nil
        }
        return .throttled(status: response.status, retryAfter: wait)
    }
}
