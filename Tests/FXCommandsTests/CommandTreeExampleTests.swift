import FXCommands
import Testing

/// The examples `help` prints are promises: every one must parse, to the command it illustrates.
@Suite("Command tree examples")
struct CommandTreeExampleTests {
    static let examples: [(command: String, example: String)] = CommandTree().commands.flatMap { spec in
        spec.examples.map { (spec.name, $0) }
    }

    @Test
    func everyCommandHasExamples() {
        for spec in CommandTree().commands {
            #expect(!spec.examples.isEmpty, "\(spec.name) has no examples")
        }
    }

    @Test(arguments: examples)
    func everyExampleParsesToItsOwnCommand(command: String, example: String) throws {
        let parsed = try #require(try Parser().parse(example), "\(example) parsed to nothing")
        #expect(Self.name(of: parsed) == command)
    }

    @Test(arguments: HelpTopic.all.flatMap(\.examples))
    func everyTopicExampleParses(example: String) throws {
        var options = LineOptions(), understood: [Understood] = []
        #expect(try Parser().parse(example, understood: &understood, options: &options) != nil)
    }

    @Test
    func topicNamesAreNoCommandNames() {
        let commands = Set(CommandTree().commands.flatMap(\.names))
        for topic in HelpTopic.all { #expect(commands.isDisjoint(with: topic.names), "\(topic.name)") }
    }

    @Test
    func namesAndAliasesAreUniqueAndFoundCaseInsensitively() {
        let tree = CommandTree()
        let names = tree.commands.flatMap(\.names)
        #expect(Set(names).count == names.count)
        for spec in tree.commands {
            for name in spec.names {
                #expect(tree.command(named: name.uppercased())?.name == spec.name)
            }
        }
    }

    private static func name(of command: Command) -> String {
        switch command {
        case .convert, .calculate: "convert"
        case .ticker: "rate"
        case .set: "set"
        case .settings: "settings"
        case .variables: "vars"
        case .rate, .average: "rate"
        case .refresh: "refresh"
        case .history, .log: "history"
        case .sources: "sources"
        case .snapshot(.use): "use"
        case .snapshot: "snapshot"
        case .help: "help"
        case .csv: "csv"
        case .watch, .condition: "watch"
        case .quit: "quit"
        }
    }
}
