import ArgumentParser
import FXCommands
import FXRates

/// fx's command line: global flags, then the words of one command (or none for a prompt or a script).
struct FXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fx",
        abstract: "Exchange rates and currency conversion, exact to the cent, online or off.",
        usage: """
            fx [<options>] <command words>     one command, e.g. fx convert 100 usd eur
            fx [<options>] < file              one command per line
            fx                                 the fx> prompt
            """,
        discussion: HelpText.overview(CommandTree()),
        version: VersionText.text
    )

    // Names and help come from `GlobalOption.all`; ArgumentParser needs a property for each.
    @Flag(name: .global(.json), help: .global(.json)) var json = false
    @Flag(name: .global(.offline), help: .global(.offline)) var offline = false
    @Option(name: .global(.maxAge), help: .global(.maxAge)) var maxAge: String?
    @Option(name: .global(.source), help: .global(.source)) var source: String?
    @Option(name: .global(.rule), help: .global(.rule)) var rule: String?
    @Option(name: .global(.snapshot), help: .global(.snapshot)) var snapshot: String?
    @Flag(name: .global(.explain), help: .global(.explain)) var explain = false
    @Flag(name: .global(.noColor), help: .global(.noColor)) var noColor = false
    @Flag(name: .global(.failFast), help: .global(.failFast)) var failFast = false
    @Flag(name: .global(.complete), help: .global(.complete)) var complete = false
    @Flag(name: .global(.generateMan), help: .global(.generateMan)) var generateManual = false

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A command and its words.", valueName: "words"))
    var words: [String] = []

    /// The command words, without the `--` that may separate them from fx's options.
    var commandWords: [String] {
        guard let separator = words.firstIndex(of: "--") else { return words }
        return Array(words[..<separator] + words[(separator + 1)...])
    }

    /// The words a shell passes to `--complete`, without fx's own options (`--offline`,
    /// `--source ecb`), joined into the line the completer reads. Another `--` word after a
    /// command word is the command's own (`history usd eur --ledger`) and stays.
    /// The last word, the one being completed, always stays (`history usd jpy --` completes
    /// options), with an option before it whose value it is (`--source ⇥` completes source ids).
    static func commandLine(fromShellWords words: [String]) -> String {
        var kept: [String] = []
        var skipValue = false
        for word in words.dropLast() {
            if skipValue { skipValue = false; continue }
            let option = GlobalOption.spelled(word)
            if option?.valueName != nil { skipValue = true; continue }
            if word.hasPrefix("--"), kept.isEmpty || word == "--" || option?.isFlag == true { continue }
            kept.append(word)
        }
        if skipValue, let option = words.dropLast().last { kept.append(option) }
        if let last = words.last { kept.append(last) }
        return kept.joined(separator: " ")
    }

    /// Before any command word, a word starting `-` completes to fx's own options, those for a
    /// whole run too (`--offline`); nil elsewhere, where the line's completer answers.
    static func runOptions(completingShellWords words: [String]) -> [String]? {
        guard let last = words.last, last.hasPrefix("-") else { return nil }
        var skipValue = false
        for word in words.dropLast() {
            if skipValue { skipValue = false; continue }
            if GlobalOption.spelled(word)?.valueName != nil { skipValue = true; continue }
            if !word.hasPrefix("-") { return nil }
        }
        let typed = Set(words.dropLast())
        return GlobalOption.all.filter { !$0.isHidden && $0.spelling.hasPrefix(last.lowercased()) && !typed.contains($0.spelling) }
            .map(\.spelling)
    }

    mutating func validate() throws {
        for option in GlobalOption.all {
            guard case .value(_, let parsed, _, _, let problem) = option.kind, let value = parsed(self) else { continue }
            if let problem = problem(value) { throw ValidationError(problem) }
        }
    }
}
