import FXRates

import FXCommands

extension Messages {
    static func text(for problem: WatchProblem) -> String {
        switch problem {
        case .interval(let word):
            return "'\(printable(word))' is no interval: give seconds or a duration of at least 1s, as in --every 30s or --every 2m."
        case .intervalTooLong(let word):
            return
                "'\(printable(word))' is too long an interval: give at most \(DurationParser.longestText), as in --every 30s or --every 2m."
        case .count(let word):
            return "'\(printable(word))' is no count of refreshes: give a whole number from 1, as in --count 3."
        case .missingValue(let option):
            return option == "--until"
                ? "Missing the condition after '--until'. Example: watch usd krw --until usd krw > 1400"
                : "Missing the value after '\(option)'. Example: watch usd krw \(option) \(option == "--count" ? "3" : "30s")"
        case .unknownOption(let word):
            return "'watch' takes --every, --count and --until, not '\(printable(word))'. Put fx's own options before 'watch'."
        case .noPair:
            return "Missing the pairs to watch. Example: watch usd krw, eur jpy"
        case .notACondition(let words):
            return "'\(printable(words))' is no condition: give a pair, a comparison and a number, as in usd krw > 1400."
        }
    }
}
