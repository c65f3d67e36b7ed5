extension CommandSpec {
    public static let help = CommandSpec(
        name: "help", aliases: ["?"],
        summary: "List commands, or explain one",
        synopsis: "help [<command>]",
        discussion: "Shows what every command does, or one command's grammar, details and examples.",
        examples: ["help", "help convert"],
        parse: { arguments, command, _ throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            let topic = cursor.next()
            if let extra = cursor.next() { throw UsageError(.unexpectedWord(extra.text, command: "help"), at: extra) }
            guard let topic else { return .help(topic: nil) }
            let tree = CommandTree()
            guard let spec = tree.command(named: topic.text) else {
                throw UsageError(.unknownHelpTopic(topic.text, suggestion: tree.suggestion(for: topic.text)), at: topic)
            }
            return .help(topic: spec.name)
        },
        completion: { arguments, _ in arguments.isEmpty ? [.commands] : [] }
    )

    public static let quit = CommandSpec(
        name: "quit", aliases: ["exit", "q"],
        summary: "Leave fx (Ctrl-D does too)",
        synopsis: "quit",
        discussion: "Ends the session; in a script, stops reading further lines.",
        examples: ["quit"],
        parse: { arguments, _, _ throws(UsageError) in
            if let extra = arguments.first { throw UsageError(.unexpectedWord(extra.text, command: "quit"), at: extra) }
            return .quit
        },
        completion: { _, _ in [] }
    )
}
