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

    @Flag(help: "One JSON object per command; money and rates as exact decimal strings.")
    var json = false

    @Flag(help: "Never touch the network: answer from the cache or the built-in rates.")
    var offline = false

    @Option(
        name: .customLong("max-age"),
        help: ArgumentHelp(
            "Exit 3 when the rates used were superseded longer ago than this (90s, 15m, 12h, 2d, 1w).", valueName: "duration"))
    var maxAge: String?

    @Option(
        help: ArgumentHelp(
            "Ask only this source: \(Self.spelled(SourceRegistry.standard.ids)) (\(Self.spelled(SourceRegistry.standard.historyIDs)) for history and dated questions).",
            valueName: "id"))
    var source: String?

    @Option(
        help: ArgumentHelp(
            "Which publication answers a dated question: on-or-before (that day's, else the last before it) or previous-business-day (the last strictly before it).",
            valueName: "rule"))
    var rule: String?

    @Option(
        help: ArgumentHelp(
            "Answer from this saved snapshot only, offline (see 'fx help snapshot'): the same lines give the same output on every run.",
            valueName: "name"))
    var snapshot: String?

    @Flag(
        help:
            "Show how each conversion or calculation was derived: the rates, their sources and times, the formula and the rounding (stderr; in JSON an \"explain\" object)."
    )
    var explain = false

    @Flag(name: .customLong("no-color"), help: "No colour, even on a terminal (NO_COLOR does the same).")
    var noColor = false

    @Flag(name: .customLong("fail-fast"), help: "In a script, stop at the first line that fails.")
    var failFast = false

    /// Shell completion scripts ask fx itself, so shells and the prompt never disagree:
    /// `fx --complete -- convert 100 us` prints the candidates for the last word, one per line.
    @Flag(name: .customLong("complete"), help: .hidden)
    var complete = false

    /// Prints the manual page, fx.1, as roff: `Documentation/fx.1` is this output, kept in step by a test.
    @Flag(name: .customLong("generate-man"), help: .hidden)
    var generateManual = false

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
    /// Source ids as the help spells them: "ecb, boc or nasdaq".
    static func spelled(_ ids: [SourceID]) -> String {
        guard let last = ids.last, ids.count > 1 else { return ids.first?.rawValue ?? "" }
        return ids.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + last.rawValue
    }

    static func commandLine(fromShellWords words: [String]) -> String {
        var kept: [String] = []
        var skipValue = false
        for word in words {
            if skipValue { skipValue = false; continue }
            if word == "--max-age" || word == "--source" || word == "--rule" || word == "--snapshot" { skipValue = true; continue }
            if word.hasPrefix("--"), kept.isEmpty || ownFlags.contains(word) { continue }
            kept.append(word)
        }
        return kept.joined(separator: " ")
    }

    /// fx's options without a value, wherever they stand.
    private static let ownFlags: Set<String> = [
        "--json", "--offline", "--explain", "--no-color", "--fail-fast", "--complete", "--generate-man", "--",
    ]

    mutating func validate() throws {
        if let maxAge, DurationParser.parse(maxAge) == nil {
            throw ValidationError(
                "Malformed --max-age '\(maxAge)'. Write a duration such as 90s, 15m, 12h or 2d, or 0 for the newest rates only.")
        }
        if let rule, DateRule(rawValue: rule) == nil {
            throw ValidationError("Unknown --rule '\(rule)'. The rules are on-or-before (the default) and previous-business-day.")
        }
    }
}
