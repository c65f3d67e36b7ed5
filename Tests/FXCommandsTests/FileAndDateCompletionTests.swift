import FXCommands
import Testing

/// TAB where a file goes (`csv <file>`, `-o <file>`), the whole word typed with its slashes and
/// `~`; the date words after `on`, `last` and in `history`; `set date_order`; variables.
@Suite struct FileAndDateCompletionTests {
    /// Paths as the data directory would list them, for what was typed.
    private static let files: [String: [String]] = [
        "~/Downloads/sta": ["~/Downloads/statement.csv", "~/Downloads/statements/"],
        "": ["konto.csv", "statement.csv"],
        "st": ["statement.csv"],
        "out/": ["out/eur.csv"],
    ]

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    private func complete(_ line: String) -> Completion {
        var context = ParseContext()
        context.filePaths = { Self.files[$0] ?? [] }
        context.variables = ["rent", "fees"]
        return Completer(context: context).complete(line: line, cursor: line.count)
    }

    @Test(arguments: [
        ("csv ~/Downloads/sta", "~/Downloads/sta", 4, ["~/Downloads/statement.csv", "~/Downloads/statements/"]),
        ("csv ", "", 4, ["konto.csv", "statement.csv"]),
        ("csv st", "st", 4, ["statement.csv"]),
        ("csv statement.csv --amount 3 --from usd --date 1 --to eur -o out/", "out/", 61, ["out/eur.csv"]),
        ("csv statement.csv --to eur --output out/", "out/", 36, ["out/eur.csv"]),
    ])
    func aPathCompletesAsOneWord(line: String, partial: String, start: Int, expected: [String]) {
        let completion = complete(line)
        #expect(completion.partial == partial)
        #expect(completion.wordStart == start)
        #expect(completion.candidates.map(\.text) == expected)
    }

    @Test
    func optionsAreNoPaths() {
        #expect(complete("csv statement.csv --am").candidates.map(\.text) == ["--amount"])
        #expect(complete("csv statement.csv --to e").candidates.map(\.text).contains("EUR"))
        #expect(complete("convert 100 usd e").candidates.map(\.text).contains("EUR"))
    }

    @Test(arguments: [
        ("rate usd jpy on 1 ma", ["march", "may"]), ("100 usd eur on last m", ["month", "monday"]),
        ("history usd eur l", ["last"]), ("history usd eur last ", ["week", "month", "year"]),
        ("set date_order ", ["ask", "dmy", "mdy"]), ("100 usd eur y", ["yesterday"]), ("100 usd eur last w", ["week", "wednesday"]),
        ("rate usd eur last m", ["month", "monday"]), ("usd eur last ", ["week", "month", "year"] + Self.weekdays),
        ("set d", ["date_order"]), ("100 usd + r", ["rent"]),
    ])
    func dateWordsSettingsAndVariables(line: String, expected: [String]) {
        #expect(complete(line).candidates.map(\.text) == expected)
    }
}
