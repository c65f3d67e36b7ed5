/// The shell completion scripts in Completions/, written from `GlobalOption.all`:
/// `fx --generate-completion-script bash|zsh|fish` prints one, and a test fails when a file differs.
///
/// swift-argument-parser answers the same flag with scripts of its own, and fx takes the flag over
/// on purpose: those scripts know fx's options but nothing of its words, which are a grammar
/// (amounts, currencies, commands, dates) only fx's completer reads. fx's scripts list the options
/// and ask `fx --complete` for everything else, so a shell offers what the fx> prompt offers, and
/// a user who runs the usual command gets these.
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static let flag = "--generate-completion-script"
    private static let flagAndValue = flag + "="

    /// The script for `shell`, as the file in Completions/ holds it (ending in a newline).
    static func render(_ shell: Shell, options: [GlobalOption] = GlobalOption.all) -> String {
        let shown = options.filter { !$0.isHidden }
        switch shell {
        case .bash: return bash(shown)
        case .zsh: return zsh(shown)
        case .fish: return fish(shown)
        }
    }

    /// The outcome of `--generate-completion-script SHELL` (or `=SHELL`) among fx's own options,
    /// nil when the command line does not ask for a script.
    static func request(in arguments: [String]) -> CommandLineOutcome? {
        let options = arguments.prefix { $0 != "--" }
        guard let index = options.firstIndex(where: { $0 == flag || $0.hasPrefix(flagAndValue) }) else { return nil }
        let word = options[index]
        let name = word == flag ? options.dropFirst(index + 1 - options.startIndex).first : String(word.dropFirst(flagAndValue.count))
        guard let name, let shell = Shell(rawValue: name) else {
            let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
            let problem = name.map { "Unknown shell '\($0)' for \(flag)" } ?? "Missing shell for \(flag)"
            return .optionError(message: "\(problem); the shells are \(shells) (see fx --help)", json: options.contains("--json"))
        }
        // `main` writes the message and a newline, which the script already ends in.
        return .exit(status: 0, message: String(render(shell).dropLast()), toStandardError: false)
    }

    /// The comment each script opens with (after zsh's `#compdef`).
    static func header(_ shell: Shell, install: String) -> String {
        """
        # \(shell) completion for fx. It asks fx itself (fx --complete), so the shell and the fx> prompt
        # always offer the same words. Install: \(install)
        # Written by `fx --generate-completion-script \(shell)` from Sources/FXCLI/GlobalOptions.swift:
        # change that, not this file, and write it again.
        """
    }
}
