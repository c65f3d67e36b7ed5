/// `help` and `help <command>`, written from the command tree so they cannot drift from the parser.
public enum HelpText {
    public static func overview(_ tree: CommandTree) -> String {
        let width = (tree.commands.map(\.name.count) + HelpTopic.all.map(\.name.count)).max() ?? 0
        func row(_ name: String, _ summary: String) -> String {
            "  " + name + String(repeating: " ", count: width - name.count) + "  " + summary
        }
        var lines = ["Commands:"]
        lines += tree.commands.map { row($0.name, $0.summary) }
        lines.append("")
        lines.append("Topics:")
        lines += HelpTopic.all.map { row($0.name, $0.summary) }
        lines.append("")
        lines.append("A line that starts with an amount converts: 100 usd eur")
        lines.append("Type 'help <command>' for its grammar and examples, 'help <topic>' for a topic.")
        return lines.joined(separator: "\n")
    }

    /// The text for `help <topic>`: a command, or a topic such as `dates`; the overview when none.
    public static func text(for topic: String?, tree: CommandTree) -> String {
        guard let topic else { return overview(tree) }
        if let spec = tree.command(named: topic) { return command(spec) }
        if let subject = HelpTopic.named(topic) { return self.topic(subject) }
        return overview(tree)
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

    public static func topic(_ topic: HelpTopic) -> String {
        var lines = [topic.summary + "."]
        if !topic.aliases.isEmpty { lines.append("Also: help " + topic.aliases.joined(separator: ", help ")) }
        lines.append("")
        lines.append(contentsOf: topic.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        lines.append("")
        lines.append("Examples:")
        lines.append(contentsOf: topic.examples.map { "  " + $0 })
        return lines.joined(separator: "\n")
    }
}
