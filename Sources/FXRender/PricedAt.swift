import FXRates

/// The instant a moving price was taken, to the second: "2026-11-25 14:02:31 UTC".
enum PricedAt {
    static func text(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let within = ((seconds % 86_400) + 86_400) % 86_400
        let clock = [within / 3600, within / 60 % 60, within % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        return "\(Day(utc: instant)) \(clock) UTC"
    }
}
