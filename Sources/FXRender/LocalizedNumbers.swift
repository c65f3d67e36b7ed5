import FXAnswers
import FXRates

/// Answers in the number format `set number_format` chose: `1,234.56` becomes `1.234,56` (de),
/// `1 234,56` (fr, a narrow no-break space), `1'234.56` (ch) or `1,00,000.00` (in). Applied to
/// the rendered text of answers, where every number was written one way (`DecimalFormat`): a
/// run of digits with `,` or `.` is a number, and nothing else in an answer is (dates use `-`,
/// ages `3m 12s`). Help, settings and JSON keep fx's own format: help describes what to type,
/// and JSON is for programs.
public enum LocalizedNumbers {
    public static func text(_ text: String, format: NumberFormat) -> String {
        guard format != .english else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var characters = text[...]
        while let start = characters.firstIndex(where: \.isASCIIDigit) {
            result += characters[..<start]
            let run = characters[start...].prefix { $0.isASCIIDigit || $0 == "," || $0 == "." }
            // A trailing mark ends a sentence ("… 89.51 EUR." or "a, b"), not the number.
            let number = run.last == "," || run.last == "." ? run.dropLast() : run
            result += number.contains(where: { $0 == "," || $0 == "." }) ? localized(number, format: format) : String(number)
            characters = characters[number.endIndex...]
        }
        return result + characters
    }

    /// Whether an answer of this kind is numbers for people, which the format applies to: not a
    /// CSV or a price file, which programs and accounting tools read.
    public static func applies(to outcome: Outcome) -> Bool {
        switch outcome {
        case .conversion, .rates, .calculation, .comparison, .average, .condition: true
        case .history(_, let format): format == .chart || format == .table
        case .series(_, let query, _): query.format == .chart || query.format == .table
        default: false
        }
    }

    /// `1,234.56` (grouped by threes with `,`, `.` before the fraction) in `format`, grouped
    /// where `FixedPoint`'s writer groups.
    private static func localized(_ number: Substring, format: NumberFormat) -> String {
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        // Only a number written with groups is regrouped: `2024` stays `2024`.
        var integer = String(parts[0])
        if parts[0].contains(",") {
            let digits = parts[0].filter { $0 != "," }
            integer = ""
            for (position, digit) in digits.enumerated() {
                if position > 0, FixedPoint.groupBreak(before: position, of: digits.count, indian: format == .indian) {
                    integer += format.groupSeparator
                }
                integer.append(digit)
            }
        }
        guard parts.count == 2 else { return integer }
        return integer + String(format.decimalMark) + parts[1]
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
