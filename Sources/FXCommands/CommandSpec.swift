/// How a command's arguments complete and read: one declaration serves parsing, `help`,
/// suggestions and, later, TAB completion.
public struct CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    /// One line for the command list.
    public let summary: String
    /// The grammar, e.g. `convert <amount> <from> [to] <to>...`.
    public let synopsis: String
    public let discussion: String
    /// Lines that must parse; the tests run every one of them.
    public let examples: [String]
    let parse: @Sendable (_ arguments: ArraySlice<Token>, _ command: Token, _ context: ParseContext) throws(UsageError) -> Command
    /// What may come next after the complete argument words typed so far.
    let completion: @Sendable (_ arguments: [Token], _ context: ParseContext) -> [CompletionKind]

    public var names: [String] { [name] + aliases }
}
