/// Every command fx understands, in the order `help` lists them.
public struct CommandTree: Sendable {
    public let commands: [CommandSpec]

    public init(
        commands: [CommandSpec] = [
            .convert, .rate, .history, .watch, .csv, .refresh, .sources, .snapshot, .use, .set, .settings, .vars, .help, .quit,
        ]
    ) {
        self.commands = commands
    }

    /// The command named or aliased `word`, ignoring case.
    public func command(named word: String) -> CommandSpec? {
        let folded = word.lowercased()
        return commands.first { $0.names.contains(folded) }
    }

    /// The nearest command for "Did you mean …?", by its full name even when an alias is nearer
    /// (`con` suggests `convert`, not `conv`): aliases are shortcuts, not what to learn.
    public func suggestion(for word: String) -> String? {
        let nearest = Suggestions.nearest(to: word, in: commands.flatMap(\.names).filter { $0.count > 1 }, maxDistance: 2)
        return nearest.flatMap(command(named:))?.name
    }
}
