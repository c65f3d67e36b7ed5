import FXTestSupport
import Foundation

/// The examples of `Documentation/Guide.md` (and README.md's tour), read by the guide's
/// convention (CONTRIBUTING.md, "The guide is a test"): a ```` ```console ```` block holds
/// `$ fx …` lines, each followed by `> ` lines of stdin and then what it prints (stdout, then
/// stderr), `[exit N]` for a status other than 0 and `[…]` for text that changes from run to
/// run. A fence whose info string has `file=NAME` holds a file the next console block finds in
/// its working directory.
struct GuideExamples {
    /// One `$ fx …` line with what it reads and prints.
    struct Example {
        let line: Int
        let command: String
        let arguments: [String]
        let stdin: String?
        let expected: [String]
        let status: Int32
    }

    /// One console block: its examples share a home, fresh for the block.
    struct Block {
        let line: Int
        var files: [(name: String, contents: String)] = []
        var examples: [Example] = []
    }

    static let wildcard = "[…]"

    private(set) var blocks: [Block] = []
    /// `$ fx` lines outside console blocks, which no test would run.
    private(set) var unrun: [Int] = []

    /// `name` is the file's name in failure messages.
    init(markdown: String, name: String = "Guide.md") throws {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var pendingFiles: [(name: String, contents: String)] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("```") else {
                if line.hasPrefix("$ fx") { unrun.append(index) }
                continue
            }
            let info = line.dropFirst(3).split(separator: " ").map(String.init)
            let start = index
            var body: [String] = []
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            index += 1  // the closing fence
            if info.first == "console" {
                var block = try Self.block(body, firstLine: start + 1, name: name)
                block.files = pendingFiles
                pendingFiles = []
                blocks.append(block)
            } else if let name = info.first(where: { $0.hasPrefix("file=") })?.dropFirst(5) {
                pendingFiles.append((String(name), body.joined(separator: "\n") + "\n"))
            } else {
                unrun += body.indices.filter { body[$0].hasPrefix("$ fx") }.map { start + 1 + $0 }
            }
        }
    }

    private static func block(_ body: [String], firstLine: Int, name: String) throws -> Block {
        var block = Block(line: firstLine)
        var index = 0
        while index < body.count {
            let line = body[index]
            guard line.hasPrefix("$ ") else {
                throw RunnerError(description: "\(name):\(firstLine + index): output before any '$ fx' line")
            }
            let command = String(line.dropFirst(2))
            let words = try shellWords(command, at: "\(name):\(firstLine + index)")
            guard words.first == "fx" else {
                throw RunnerError(description: "\(name):\(firstLine + index): a console block runs fx only")
            }
            let exampleLine = firstLine + index
            index += 1
            var stdin: [String] = []
            while index < body.count, body[index].hasPrefix("> ") || body[index] == ">" {
                stdin.append(String(body[index].dropFirst(2)))
                index += 1
            }
            var expected: [String] = []
            var status: Int32 = 0
            while index < body.count, !body[index].hasPrefix("$ ") {
                let text = body[index]
                if text.hasPrefix("[exit "), text.hasSuffix("]"), let code = Int32(text.dropFirst(6).dropLast()) {
                    status = code
                } else {
                    expected.append(text)
                }
                index += 1
            }
            block.examples.append(
                Example(
                    line: exampleLine, command: command, arguments: Array(words.dropFirst()),
                    stdin: stdin.isEmpty ? nil : stdin.joined(separator: "\n") + "\n",
                    expected: trimmed(expected), status: status))
        }
        return block
    }

    /// The words of `command` as a POSIX shell splits them (`ShellWords`).
    static func shellWords(_ command: String, at place: String) throws -> [String] {
        guard let words = ShellWords.split(command) else { throw RunnerError(description: "\(place): unbalanced quote") }
        return words
    }

    /// The examples answer on the rates of 2026-10-30, served as the newest the ECB has, so any
    /// run after that day is told once that newer rates are overdue (stdout not being a terminal).
    /// That line is shown where the guide explains it, and left out of the comparison elsewhere.
    static func withoutOverdueNote(_ stderr: String, unlessIn expected: [String]) -> String {
        let marker = "answered, though newer rates are "
        if expected.contains(where: { $0.contains(marker) }) { return stderr }
        return stderr.components(separatedBy: "\n").filter { !($0.hasPrefix("warning: ") && $0.contains(marker)) }.joined(separator: "\n")
    }

    /// Lines without trailing spaces (editors strip them) and without blank lines at the end.
    static func trimmed(_ lines: [String]) -> [String] {
        var result = lines.map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }
        while result.last == "" { result.removeLast() }
        return result
    }

    /// Whether `actual` is `expected`, each `[…]` in it standing for any text within the line.
    static func matches(_ expected: String, _ actual: String) -> Bool {
        let parts = expected.components(separatedBy: wildcard)
        guard parts.count > 1 else { return expected == actual }
        guard actual.hasPrefix(parts[0]), actual.hasSuffix(parts[parts.count - 1]),
            actual.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = Substring(actual.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
