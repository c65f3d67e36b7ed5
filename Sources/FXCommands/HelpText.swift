/// `help` and `help <command>`, written from the command tree so they cannot drift from the parser.
public enum HelpText {
    public static func overview(_ tree: CommandTree) -> String {
        let width = tree.commands.map(\.name.count).max() ?? 0
        var lines = ["Commands:"]
        for spec in tree.commands {
            lines.append("  " + spec.name + String(repeating: " ", count: width - spec.name.count) + "  " + spec.summary)
        }
        lines.append("")
        lines.append("A line that starts with an amount converts: 100 usd eur")
        lines.append("Type 'help <command>' for its grammar and examples.")
        return lines.joined(separator: "\n")
    }

    public static func command(_ spec: CommandSpec) -> String {
        var lines = ["Usage: " + spec.synopsis]
        if !spec.aliases.isEmpty { lines.append("Aliases: " + spec.aliases.joined(separator: ", ")) }
        lines.append("")
        lines.append(spec.summary + ".")
        lines.append(contentsOf: spec.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        lines.append("")
        lines.append("Examples:")
        lines.append(contentsOf: spec.examples.map { "  " + $0 })
        return lines.joined(separator: "\n")
    }
}
