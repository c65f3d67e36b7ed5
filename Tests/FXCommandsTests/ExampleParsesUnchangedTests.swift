import FXCommands
import FXTestSupport
import Foundation
import Testing

/// No line that parsed before the names, symbols and questions of issue 24 may change meaning:
/// every example of `help`, its topics, the guide and the README is parsed and compared with the
/// parse recorded from main before that change (`Fixtures/example-parses.txt`). A line that was
/// an error then may parse now; a line that parsed must parse to the same command.
/// `FX_RECORD_PARSES=1 swift test --filter ExampleParsesUnchangedTests` records the file again.
@Suite("Example parses unchanged")
struct ExampleParsesUnchangedTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixture = directory.appendingPathComponent("Fixtures/example-parses.txt")

    /// Every line the help and the documents show, in a stable order, without repeats.
    static func lines() throws -> [String] {
        var lines = CommandTree().commands.flatMap(\.examples) + HelpTopic.all.flatMap(\.examples)
        let root = directory.deletingLastPathComponent().deletingLastPathComponent()
        for document in ["Documentation/Guide.md", "README.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if line.hasPrefix("$ fx ") { lines.append(commandLine(String(line.dropFirst(5)))) }
                if line.hasPrefix("> ") { lines.append(String(line.dropFirst(2))) }
            }
        }
        var seen = Set<String>()
        return lines.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The fx line a shell command passes: its words unquoted and joined, options left out.
    static func commandLine(_ shell: String) -> String {
        let words = ShellWords.split(shell) ?? []
        return words.filter { !($0.hasPrefix("-") && $0.dropFirst().first?.isLetter == true) && !$0.hasPrefix("--") }
            .joined(separator: " ")
    }

    /// The parse as text: the command's full description, or that it was an error.
    static func parse(_ line: String) -> String {
        do {
            guard let command = try Parser().parse(line) else { return "nothing" }
            // Without module prefixes, which depend on how the recording was built.
            return String(describing: command).replacingOccurrences(of: "FXCommands.", with: "")
                .replacingOccurrences(of: "FXModel.", with: "")
        } catch {
            return "error"
        }
    }

    @Test
    func everyExampleParsesAsItDidBefore() throws {
        let lines = try Self.lines()
        if ProcessInfo.processInfo.environment["FX_RECORD_PARSES"] == "1" {
            let text = lines.map { $0 + "\t" + Self.parse($0) + "\n" }.joined()
            try text.write(to: Self.fixture, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.fixture, encoding: .utf8).split(separator: "\n").map { row in
            let parts = row.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (line: String(parts[0]), parse: String(parts[1]))
        }
        #expect(recorded.count > 150, "too few examples recorded: \(recorded.count)")
        for (line, parse) in recorded where parse != "error" {
            #expect(Self.parse(line) == parse, "\(line)")
        }
    }
}
