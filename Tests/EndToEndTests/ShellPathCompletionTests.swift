import FXTestSupport
import Foundation
import Testing

/// File paths after `fx csv` and `-o` in the real shells: `csv ~/<dir>/sta⇥` completes, `~` read
/// as the home directory (the shells run with HOME set to the temporary directory).
@Suite struct ShellPathCompletionTests {
    /// A directory under HOME with `statement.csv`, `statements/` and `other/`; its name from HOME.
    private static func makeTree() throws -> (url: URL, name: String) {
        let name = "fx-paths-\(UUID().uuidString.prefix(8))"
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("statements"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("other"), withIntermediateDirectories: true)
        try Data("Date,Amount\n".utf8).write(to: url.appendingPathComponent("statement.csv"))
        return (url, name)
    }

    @Test(.enabled(if: ShellCompletionTests.bashAvailable))
    func bashCompletesAPathWithATilde() throws {
        let (url, name) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: url) }
        func reply(_ words: [String]) throws -> [String] {
            let script = """
                source '\(ShellCompletionTests.completions.appendingPathComponent("fx.bash").path)'
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _fx
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try ShellCompletionTests.run("/bin/bash", ["--noprofile", "--norc", "-c", script])
        }
        #expect(try reply(["fx", "csv", "~/\(name)/sta"]) == ["~/\(name)/statement.csv", "~/\(name)/statements/"])
        #expect(try reply(["fx", "csv", "~/\(name)/statement.csv", "--to", "eur", "-o", "~/\(name)/ot"]) == ["~/\(name)/other/"])
    }

    @Test(.enabled(if: ShellCompletionTests.zshAvailable))
    func zshCompletesAPathWithATilde() throws {
        let (url, name) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: url) }
        // compadd prints each word with the suffix it was given (-S '' for a directory).
        let script = """
            compadd() {
              local array="" suffix=" "; local -a out
              while (( $# )); do
                case $1 in
                  -a) array=1; shift;;
                  -S) suffix=$2; shift 2;;
                  -*) shift;;
                  *) [[ -n $array ]] && out+=("${(@P)1}"); shift;;
                esac
              done
              local word; for word in "${out[@]}"; do printf '%s|%s\\n' "$word" "$suffix"; done
              return 0
            }
            words=(fx csv '~/\(name)/sta'); CURRENT=3; PREFIX='~/\(name)/sta'
            fpath=('\(ShellCompletionTests.completions.path)' $fpath); autoload -Uz _fx; _fx
            """
        #expect(
            try ShellCompletionTests.run("/usr/bin/zsh", ["-f", "-c", script]) == ["~/\(name)/statements/|", "~/\(name)/statement.csv| "])
    }

    @Test(.enabled(if: ShellCompletionTests.fishAvailable))
    func fishCompletesAPathWithATilde() throws {
        let (url, name) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: url) }
        let script =
            "source '\(ShellCompletionTests.completions.appendingPathComponent("fx.fish").path)'; complete -C'fx csv ~/\(name)/sta'"
        #expect(
            try ShellCompletionTests.run("/usr/bin/fish", ["--no-config", "-c", script]) == [
                "~/\(name)/statement.csv", "~/\(name)/statements/",
            ])
    }
}
