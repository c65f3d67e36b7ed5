/// Every option fx has, by name, declared here once: fx's command line (FXCLI's `GlobalOption`
/// table, which adds each one's help), a line at the prompt or in a script, `help`, TAB and the
/// manual all spell them from this list.
public enum OptionName: String, CaseIterable, Sendable {
    case json, offline
    case maxAge = "max-age"
    case source, rule, snapshot, explain
    case noColor = "no-color"
    case failFast = "fail-fast"
    case help, version, complete
    case generateMan = "generate-man"

    /// Where an option may be written.
    public enum Scope: Equatable, Sendable {
        /// On any line, for that line only (and on fx's command line, for every line of the run).
        case line
        /// Only on fx's command line, for the whole run; `instead` is what a line says instead.
        case run(instead: String)
        /// Used by fx's own tools (the shells' completion, the manual): never offered.
        case hidden
    }

    /// `--json`, as typed.
    public var spelling: String { "--" + rawValue }

    /// The value's name in help (`duration`); nil for a switch.
    public var valueName: String? {
        switch self {
        case .maxAge: "duration"
        case .source: "id"
        case .rule: "rule"
        case .snapshot: "name"
        default: nil
        }
    }

    public var scope: Scope {
        switch self {
        case .json, .maxAge, .source, .rule, .explain, .noColor: .line
        // The rate service is made offline for the whole run (its fetches, cache and back-off are one).
        case .offline: .run(instead: "start fx with it: fx --offline")
        case .snapshot: .run(instead: "type 'use snapshot <name>' to answer from one")
        case .failFast: .run(instead: "write it on fx's command line: fx --fail-fast < script")
        case .help: .run(instead: "type 'help' or 'help <command>'")
        case .version: .run(instead: "run fx --version")
        case .complete, .generateMan: .hidden
        }
    }

    /// The options a line may carry, in the table's order.
    public static let onALine = allCases.filter { $0.scope == .line }

    /// A few words on what it does, for TAB's description (fish, the prompt's listing).
    public var brief: String {
        switch self {
        case .json: "One JSON object per command"
        case .offline: "Never touch the network"
        case .maxAge: "Exit 3 when rates are older than this"
        case .source: "Ask only this source"
        case .rule: "Which publication answers a dated question"
        case .snapshot: "Answer from this saved snapshot only"
        case .explain: "Show how each answer was derived"
        case .noColor: "No colour"
        case .failFast: "In a script, stop at the first failure"
        case .help: "Show help"
        case .version: "Show the version"
        case .complete, .generateMan: ""
        }
    }

    /// The option `word` spells (`--JSON` too), or nil.
    public static func spelled(_ word: String) -> OptionName? {
        guard word.hasPrefix("--") else { return nil }
        return OptionName(rawValue: String(word.dropFirst(2)).lowercased())
    }
}
