import FXCommands
import Testing

@Suite("Help text")
struct HelpTextTests {
    @Test
    func theOverviewListsEveryCommandWithItsSummary() {
        let tree = CommandTree()
        let text = HelpText.overview(tree)
        let lines = text.split(separator: "\n").map(String.init)
        for spec in tree.commands {
            #expect(
                lines.contains { $0.hasPrefix("  " + spec.name + " ") && $0.hasSuffix(spec.summary) },
                "no line for \(spec.name)")
        }
    }

    @Test
    func theOverviewsSummariesStartInOneColumn() {
        let tree = CommandTree()
        let lines = HelpText.overview(tree).split(separator: "\n").map(String.init)
        var columns: Set<Int> = []
        for spec in tree.commands {
            guard let line = lines.first(where: { $0.hasPrefix("  " + spec.name + " ") }),
                let range = line.range(of: spec.summary)
            else {
                Issue.record("no line for \(spec.name)")
                continue
            }
            columns.insert(line.distance(from: line.startIndex, to: range.lowerBound))
        }
        #expect(columns.count == 1)
    }

    @Test
    func aCommandsHelpHasItsSynopsisAliasesAndEveryExample() {
        let text = HelpText.command(.convert)
        #expect(text.hasPrefix("Usage: " + CommandSpec.convert.synopsis + "\n"))
        #expect(text.contains("Aliases: c, conv"))
        for example in CommandSpec.convert.examples {
            #expect(text.contains("\n  " + example), "missing example \(example)")
        }
    }

    @Test
    func aCommandWithoutAliasesHasNoAliasesLine() {
        #expect(!HelpText.command(.refresh).contains("Aliases:"))
    }
}
