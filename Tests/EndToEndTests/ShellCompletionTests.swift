import FXTestSupport
import Foundation
import Testing

/// The scripts in Completions/ against the built fx: bash runs its script for real, and every
/// script must name exactly the options fx accepts, so none drifts from the command line.
@Suite struct ShellCompletionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let completions = root.appendingPathComponent("Completions")

    static let bashAvailable = FileManager.default.isExecutableFile(atPath: "/bin/bash")

    @Test(
        .enabled(if: bashAvailable),
        arguments: [
            (["fx", "con"], 1, ["convert"]),
            (["fx", "convert", "100", "us"], 3, ["USD"]),
            (["fx", "--offline", "convert", "100", "usd", "to", "e"], 6, ["EUR"]),
            (["fx", "rate", "usd", "jp"], 3, ["JPY"]),
            (["fx", "refresh", "f"], 2, ["frankfurter"]),
            (["fx", "--j"], 1, ["--json"]),
            (["fx", "history", "usd", "eur,gbp", "--le"], 4, ["--ledger"]),
            (["fx", "--offline", "history", "usd", "eur", "--mo"], 5, ["--monthly"]),
        ])
    func bashOffersWhatTheCompleterOffers(words: [String], index: Int, expected: [String]) throws {
        let binaryDirectory = try FXRunner.binary().deletingLastPathComponent().path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source '\(Self.completions.appendingPathComponent("fx.bash").path)'
            complete -p fx >/dev/null || exit 9
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(index); _fx
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-c", script]
        process.environment = ["PATH": binaryDirectory + ":/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == expected, "\(words)")
    }

    @Test(arguments: ["fx.bash", "_fx", "fx.fish"])
    func scriptsAskFxAndNameEveryOption(file: String) throws {
        let text = try String(contentsOf: Self.completions.appendingPathComponent(file), encoding: .utf8)
        #expect(text.contains("fx --complete --"))
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let help = try fx.run(["--help"]).stdout
        let options = Set(help.matches(of: /\s(--[a-z-]+)/).map { String($0.1) })
        #expect(options.contains("--json"))
        let named: Set<String>
        if file.hasSuffix(".fish") {
            named = Set(text.matches(of: /-l ([a-z-]+)/).map { "--" + String($0.1) })
        } else {
            named = Set(text.matches(of: /(--[a-z][a-z-]+)/).map { String($0.1) }).subtracting(["--complete"])
        }
        #expect(named == options, "\(file) drifted from fx --help")
    }
}
