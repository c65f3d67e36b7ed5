extension CommandSpec {
    public static let help = CommandSpec(
        name: "help", aliases: ["?"],
        summary: "List commands, or explain one",
        synopsis: "help [<command>|dates|numbers]",
        discussion: "Shows what every command does, one command's grammar, details and examples, or a topic: dates, numbers.",
        examples: ["help", "help convert", "help dates", "help numbers"],
        parse: { arguments, command, _ throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            let topic = cursor.next()
            if let extra = cursor.next() { throw UsageError(.unexpectedWord(extra.text, command: "help"), at: extra) }
            guard let topic else { return .help(topic: nil) }
            let tree = CommandTree()
            if let spec = tree.command(named: topic.text) { return .help(topic: spec.name) }
            if let subject = HelpTopic.named(topic.text) { return .help(topic: subject.name) }
            let suggestion =
                tree.suggestion(for: topic.text)
                ?? Suggestions.nearest(to: topic.text, in: HelpTopic.all.map(\.name), maxDistance: 2)
            throw UsageError(.unknownHelpTopic(topic.text, suggestion: suggestion), at: topic)
        },
        completion: { arguments, _ in arguments.isEmpty ? [.commands, .keywords(HelpTopic.all.map(\.name))] : [] }
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
