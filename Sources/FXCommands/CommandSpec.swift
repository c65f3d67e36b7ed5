/// How a command's arguments complete and read: one declaration serves parsing, `help`,
/// suggestions and, later, TAB completion.
public struct CommandSpec: Sendable {
    public typealias Grammar =
        @Sendable (_ arguments: ArraySlice<Token>, _ command: Token, _ context: ParseContext) throws(UsageError) -> Command

    public let name: String
    public let aliases: [String]
    /// One line for the command list.
    public let summary: String
    /// The grammar, e.g. `convert <amount> <from> [to] <to>...`.
    public let synopsis: String
    public let discussion: String
    /// Lines that must parse; the tests run every one of them.
    public let examples: [String]
    /// The command's own `--` words (`history`'s `--ledger`): a line leaves them to the grammar.
    public let options: [String]
    private let grammar: Grammar
    /// What may come next after the complete argument words typed so far.
    let completion: @Sendable (_ arguments: [Token], _ context: ParseContext) -> [CompletionKind]

    init(
        name: String, aliases: [String], summary: String, synopsis: String, discussion: String, examples: [String], options: [String] = [],
        parse: @escaping Grammar, completion: @escaping @Sendable (_ arguments: [Token], _ context: ParseContext) -> [CompletionKind]
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.synopsis = synopsis
        self.discussion = discussion
        self.examples = examples
        self.options = options
        self.grammar = parse
        self.completion = completion
    }

    public var names: [String] { [name] + aliases }

    /// Reads the arguments; a "missing …" error carries this command's own example.
    var parse: Grammar {
        { [grammar, name, examples] arguments, command, context throws(UsageError) in
            do throws(UsageError) {
                return try grammar(arguments, command, context)
            } catch {
                guard error.example == nil else { throw error }
                throw error.with(example: UsageExample.choose(for: error.kind, typed: [name] + arguments.map(\.folded), from: examples))
            }
        }
    }
}
