import FXCommands
import FXRates

extension GlobalOption {
    /// fx's own options, in the order the manual and the shell scripts list them. A new option is
    /// an entry here, the `Invocation` field it sets and its `FXCommand` property (whose name and
    /// help come from here); then `fx --generate-man` and `fx --generate-completion-script`
    /// write Documentation/fx.1 and Completions/ again.
    static let all: [GlobalOption] = [
        .flag(
            "json", set: { $0.json = $1 }, parsed: { $0.json },
            help: "One JSON object per command; money and rates as exact decimal strings.",
            brief: "One JSON object per command"),
        .flag(
            "offline", set: { $0.offline = $1 }, parsed: { $0.offline },
            help: "Never touch the network: answer from the cache or the built-in rates.",
            brief: "Never touch the network"),
        .value(
            "max-age", set: { $0.maxAge = $1 }, parsed: { $0.maxAge }, valueName: "duration",
            problem: { value in
                switch DurationParser.read(value) {
                case .success: nil
                case .failure(.tooLong): "--max-age '\(value)' is too long: give at most \(DurationParser.longestText), such as 12h or 2d."
                case .failure(.malformed):
                    "Malformed --max-age '\(value)'. Write a duration such as 90s, 15m, 12h or 2d, or 0 for the newest rates only."
                }
            },
            help: "Exit 3 when the rates used were superseded longer ago than this (90s, 15m, 12h, 2d, 1w).",
            brief: "Exit 3 when rates are older than this"),
        .value(
            "source", set: { $0.source = $1 }, parsed: { $0.source }, valueName: "id",
            help:
                "Ask only this source: \(spelled(SourceRegistry.standard.ids)) (\(spelled(SourceRegistry.standard.historyIDs)) for history and dated questions).",
            brief: "Ask only this source"),
        .value(
            "rule", set: { $0.rule = $1 }, parsed: { $0.rule }, valueName: "rule",
            completion: .words(RuleBook.shippedNames),
            // The config's own rules are known only once it is read: fx checks the name then.
            problem: { value in
                RuleName.isWellFormed(value)
                    ? nil
                    : "Unknown --rule '\(value)'. The rules are \(RuleBook.shippedNames.joined(separator: ", ")) and those the config defines."
            },
            help:
                "Which publication answers a dated question: on-or-before (that day's, else the last before it), previous-business-day (the last strictly before it), or a named rule with its institution's series: \(RuleBook.shippedNames.dropFirst(2).joined(separator: ", ")) or one the config defines (see 'Rules' in the guide).",
            brief: "Which publication answers a dated question"),
        .value(
            "snapshot", set: { $0.snapshot = $1 }, parsed: { $0.snapshot }, valueName: "name", completion: .askFx(after: "use snapshot"),
            help:
                "Answer from this saved snapshot only, offline (see 'fx help snapshot'): the same lines give the same output on every run.",
            brief: "Answer from this saved snapshot only"),
        .flag(
            "explain", set: { $0.explain = $1 }, parsed: { $0.explain },
            help:
                "Show how each conversion or calculation was derived: the rates, their sources and times, the formula and the rounding (stderr; in JSON an \"explain\" object).",
            brief: "Show how each answer was derived"),
        .flag(
            "no-color", set: { $0.noColor = $1 }, parsed: { $0.noColor }, help: "No colour, even on a terminal (NO_COLOR does the same).",
            brief: "No colour"),
        .flag(
            "fail-fast", set: { $0.failFast = $1 }, parsed: { $0.failFast }, help: "In a script, stop at the first line that fails.",
            brief: "In a script, stop at the first failure"),
        .answeredByArgumentParser("help", short: "h", help: "Show help information.", brief: "Show help"),
        .answeredByArgumentParser("version", help: "Show the version.", brief: "Show the version"),
        // Shell completion scripts ask fx itself, so shells and the prompt never disagree:
        // `fx --complete -- convert 100 us` prints the candidates for the last word, one per line.
        .flag("complete", set: { $0.complete = $1 }, parsed: { $0.complete }, help: nil),
        // Prints the manual page, fx.1, as roff: `Documentation/fx.1` is this output, kept in step by a test.
        .flag("generate-man", set: { $0.generateManual = $1 }, parsed: { $0.generateManual }, help: nil),
    ]
}

extension GlobalOption {
    /// Source ids as the help spells them: "ecb, boc or nasdaq".
    static func spelled(_ ids: [SourceID]) -> String {
        guard let last = ids.last, ids.count > 1 else { return ids.first?.rawValue ?? "" }
        return ids.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + last.rawValue
    }
}
