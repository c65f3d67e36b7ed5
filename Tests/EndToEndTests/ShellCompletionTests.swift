import FXTestSupport
import Foundation
import Testing

/// The scripts in Completions/ against the built fx: bash and fish run theirs for real, zsh runs
/// `_fx` with the completion system's variables set and `compadd` printing what it is given, and
/// every script must name exactly the options fx accepts, so none drifts from the command line.
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
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source '\(Self.completions.appendingPathComponent("fx.bash").path)'
            complete -p fx >/dev/null || exit 9
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(index); _fx
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        #expect(try Self.run("/bin/bash", ["--noprofile", "--norc", "-c", script]) == expected, "\(words)")
    }

    static let fishAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")
    static let zshAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")

    /// `shell` with `arguments`, fx first on PATH; its standard output's lines.
    static func run(_ shell: String, _ arguments: [String]) throws -> [String] {
        let binaryDirectory = try FXRunner.binary().deletingLastPathComponent().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        process.environment = ["PATH": binaryDirectory + ":/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) \(arguments)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(
        .enabled(if: fishAvailable),
        arguments: [
            ("fx con", ["convert"]),
            ("fx --offline convert 100 usd e", ["EUR"]),
            ("fx set rule p", ["pl-nbp", "previous-business-day"]),
            ("fx --ru", ["--rule\tWhich publication answers a dated question"]),
        ])
    func fishOffersWhatTheCompleterOffers(line: String, expected: [String]) throws {
        let script = "source '\(Self.completions.appendingPathComponent("fx.fish").path)'; complete -C'\(line)'"
        #expect(try Self.run("/usr/bin/fish", ["--no-config", "-c", script]) == expected, "\(line)")
    }

    @Test(
        .enabled(if: zshAvailable),
        arguments: [
            (["fx", "con"], ["convert"]),
            (["fx", "--offline", "convert", "100", "usd", "e"], ["EUR"]),
            // fx matches the prefix: the options that start so, not all of them for zsh to filter.
            (["fx", "history", "usd", "eur", "--le"], ["--ledger"]),
        ])
    func zshOffersWhatTheCompleterOffers(words: [String], expected: [String]) throws {
        // Outside a completion widget compadd cannot run: this one prints its words (and an
        // array's, for -a), which is what _fx hands the completion system.
        let script = """
            compadd() {
              local array=""; local -a out
              while (( $# )); do
                case $1 in
                  -a) array=1; shift;;
                  --) shift; out+=("$@"); break;;
                  -*) shift;;
                  *) [[ -n $array ]] && out+=("${(@P)1}"); shift;;
                esac
              done
              (( ${#out} )) && printf '%s\\n' "${out[@]}"
              return 0
            }
            words=(\(words.map { "'\($0)'" }.joined(separator: " "))); CURRENT=\(words.count); PREFIX='\(words.last!)'
            fpath=('\(Self.completions.path)' $fpath); autoload -Uz _fx; _fx
            """
        #expect(try Self.run("/usr/bin/zsh", ["-f", "-c", script]) == expected, "\(words)")
    }

    /// Completions/ is what fx writes; after a change to fx's options, `Scripts/regenerate` writes
    /// the files again.
    @Test(arguments: [("bash", "fx.bash"), ("zsh", "_fx"), ("fish", "fx.fish")])
    func scriptsAreWhatFxGenerates(shell: String, file: String) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let generated = try fx.run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let committed = try String(contentsOf: Self.completions.appendingPathComponent(file), encoding: .utf8)
        #expect(
            generated.stdout == committed,
            "Completions/\(file) drifted from fx --generate-completion-script \(shell); run Scripts/regenerate")
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
            // bash and zsh ask fx for options too: before a command word, fx's own.
            named = Set(try fx.run(["--complete", "--", "--"]).stdout.split(separator: "\n").map(String.init))
        }
        #expect(named == options, "\(file) drifted from fx --help")
    }
}
