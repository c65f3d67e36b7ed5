import FXCommands
import Testing

@Suite struct SnapshotCommandTests {
    @Test(arguments: [
        ("snapshot", Command.snapshot(.list)),
        ("snapshot list", .snapshot(.list)),
        ("snapshot save q3-close", .snapshot(.save("q3-close"))),
        ("snapshot save 2026.Q3_end", .snapshot(.save("2026.Q3_end"))),
        ("snapshot show q3-close", .snapshot(.show("q3-close"))),
        ("snapshot rm q3-close", .snapshot(.remove("q3-close"))),
        ("snapshot save", .snapshot(.save(""))),
        ("use snapshot q3-close", .snapshot(.use("q3-close"))),
        ("use live", .snapshot(.use(nil))),
    ])
    func linesParseToTheirAction(line: String, expected: Command) throws {
        #expect(try Parser().parse(line) == expected)
    }

    @Test(arguments: ["snapshot frobnicate", "snapshot save a b", "use nothing"])
    func otherWordsAreUsageErrors(line: String) {
        #expect(throws: UsageError.self) { try Parser().parse(line) }
    }

    @Test(arguments: [
        ("snapshot ", ["save", "list", "show", "rm"]),
        ("snapshot show ", ["month-end", "q3-close"]),
        ("snapshot rm q", ["q3-close"]),
        ("use ", ["snapshot", "live"]),
        ("use snapshot m", ["month-end"]),
        ("snapshot list ", []),
    ])
    func tabOffersSubcommandsAndSavedNames(line: String, expected: [String]) {
        var context = ParseContext()
        context.snapshotNames = { ["month-end", "q3-close"] }
        #expect(Completer(context: context).complete(line: line, cursor: line.count).candidates.map(\.text) == expected)
    }
}
