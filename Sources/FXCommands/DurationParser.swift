/// Durations for `--max-age`: `90s`, `15m`, `12h`, `2d`, `1w`, or combined as `1d12h`; `0` alone too.
public enum DurationParser {
    public static func parse(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                number.append(character)
            } else if let unit = units[character], let value = Int(number), number.count <= 9 {
                total += TimeInterval(value) * unit
                number = ""
                sawUnit = true
            } else {
                return nil
            }
        }
        // A bare 0 needs no unit: `--max-age 0` asks for the newest publication only.
        if !sawUnit, !number.isEmpty, number.allSatisfy({ $0 == "0" }) { return 0 }
        guard number.isEmpty, sawUnit else { return nil }
        return total
    }
}
