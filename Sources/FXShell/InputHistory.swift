import FXAnswers
import FXRates

/// Where the prompt's input history lives and what of a line is kept.
public struct InputHistory: Sendable {
    /// At most this many lines are kept.
    public static let capacity = 1_000

    public let path: String

    public init(stateDirectory: String) {
        path = stateDirectory + "/history"
    }

    /// `$XDG_STATE_HOME/fx/history`, default `~/.local/state/fx/history`.
    public static func standard(environment: [String: String]) -> InputHistory {
        InputHistory(stateDirectory: Settings.stateDirectory(environment))
    }

    /// The line as history keeps it, or nil for lines not to remember: blank ones, and those
    /// typed with a leading space (the shells' convention for "don't record this").
    public static func entry(for line: String) -> String? {
        guard !line.hasPrefix(" ") else { return nil }
        let trimmed = line.trimmedOfWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }
}
