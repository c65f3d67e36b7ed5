extension HelpTopic {
    /// fx's options as a line takes them, listed from `OptionName` so that the list cannot drift.
    public static let options = HelpTopic(
        name: "options", aliases: ["option", "set-options"],
        summary: "Options on any line (--json, --source, --rule, …), for that line or with 'set' for the session",
        discussion: ("""
        Any line takes these options, before, between or after its words, for that line only:
        """ + "\n" + optionLines.joined(separator: "\n") + "\n" + """
            'set source boc', 'set rule pl-nbp', 'set json on', 'set explain on' and 'set max_age 2d'
            apply them to every later line of the session ('none' or 'off' clears one); 'settings'
            lists them. Add --save to keep 'set source', 'set json' or 'set max_age' in the
            configuration for later runs (the other settings are always kept).
            --offline, --snapshot and --fail-fast are for a whole run: write them on fx's
            command line (fx --offline), or type 'use snapshot <name>'.
            """),
        examples: ["100 usd eur --json", "--no-color 100 usd eur", "rate usd jpy --source ecb"])

    /// `  --source <id>   Ask only this source`, one per option a line takes.
    private static var optionLines: [String] {
        let shown = OptionName.onALine.map { option in option.spelling + (option.valueName.map { " <\($0)>" } ?? "") }
        let width = shown.map(\.count).max() ?? 0
        return zip(shown, OptionName.onALine).map { text, option in
            "  " + text + String(repeating: " ", count: width - text.count) + "  " + option.brief
        }
    }
}
