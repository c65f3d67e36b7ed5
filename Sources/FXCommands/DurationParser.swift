/// Durations for `--max-age`, `watch --every` and the config's `watch_every`: `90s`, `15m`,
/// `12h`, `2d`, `1w`, or combined as `1d12h`; `0` alone too. At most `longest`, so that no
/// duration a user types can overflow what it is turned into (nanoseconds for a sleep, whole
/// seconds for a message).
public enum DurationParser {
    /// What a duration may say: 3650 days, ten years.
    public static let longest: TimeInterval = 3650 * 86_400
    /// `longest` as messages give it, in the grammar's own units.
    public static let longestText = "3650d (ten years)"

    /// Why a text is no duration fx takes.
    public enum Problem: Error, Equatable, Sendable {
        /// Not of the shape `90s`, `1d12h`, `0`.
        case malformed
        /// Longer than `longest`.
        case tooLong
    }

    /// The seconds `text` says, nil when it is malformed or too long.
    public static func parse(_ text: String) -> TimeInterval? {
        try? read(text).get()
    }

    /// The seconds `text` says, or why it says none fx takes.
    public static func read(_ text: String) -> Result<TimeInterval, Problem> {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                number.append(character)
            } else if let unit = units[character], !number.isEmpty {
                // Digits beyond any duration fx takes are too long, not malformed: Int would refuse them.
                guard number.count <= 12, let value = Int(number) else { return .failure(.tooLong) }
                total += TimeInterval(value) * unit
                number = ""
                sawUnit = true
            } else {
                return .failure(.malformed)
            }
        }
        // A bare 0 needs no unit: `--max-age 0` asks for the newest publication only.
        if !sawUnit, !number.isEmpty, number.allSatisfy({ $0 == "0" }) { return .success(0) }
        guard number.isEmpty, sawUnit else { return .failure(.malformed) }
        return total <= longest ? .success(total) : .failure(.tooLong)
    }

    /// A number of seconds already read (a bare `--every 30`, the config's `watch_every`), judged as a duration.
    public static func seconds(_ value: Double) -> Result<TimeInterval, Problem> {
        guard value.isFinite, value >= 0 else { return .failure(.malformed) }
        return value <= longest ? .success(value) : .failure(.tooLong)
    }
}
