import FXCommands

/// fx's options and command words, however the command line was read.
public struct Invocation: Equatable, Sendable {
    public var json = false
    public var offline = false
    public var maxAge: String?
    public var source: String?
    /// `--rule`: a `DateRule`'s name, checked.
    public var rule: String?
    /// `--snapshot`: the saved snapshot to answer from, unchecked.
    public var snapshot: String?
    /// `--explain`: each conversion's and calculation's derivation too.
    public var explain = false
    public var noColor = false
    public var failFast = false
    public var complete = false
    /// `--generate-man`: print the manual page and exit.
    public var generateManual = false
    /// The words of one command; empty for a prompt or a script.
    public var commandWords: [String] = []

    public init() {}

    /// For `--complete`: the line the completer reads, from the words a shell passed.
    public var completionLine: String { FXCommand.commandLine(fromShellWords: commandWords) }

    /// For `--complete`: fx's own options, when the word completed is one before any command word.
    public var completionOptions: [String]? { FXCommand.runOptions(completingShellWords: commandWords) }
}

/// What `main` does with the command line: run with these options, or print and exit.
public enum CommandLineOutcome: Equatable, Sendable {
    case run(Invocation)
    case exit(status: Int32, message: String, toStandardError: Bool)
    /// A malformed option or argument (exit 2): one line, without the `fx: ` label, not the
    /// usage block; `json` when `--json` was among fx's own options, for an error object on stdout.
    case optionError(message: String, json: Bool)
}

public enum CommandLineReader {
    /// Reads argv (without the program name). The usual shapes, words and fx's own flags, are
    /// read directly; anything else goes to ArgumentParser, whose set-up (reflection over every
    /// option, the completion-script check) costs more than an answer from the cache.
    public static func read(_ arguments: [String]) -> CommandLineOutcome {
        // Before ArgumentParser, which would answer with scripts of its own.
        if let script = CompletionScript.request(in: arguments) { return script }
        if let (options, words) = splitVerbatim(arguments) {
            if let problem = shortOptionProblem(in: options) { return .optionError(message: problem, json: options.contains("--json")) }
            let outcome = read(options)
            guard case .run(var invocation) = outcome else { return outcome }
            invocation.commandWords += words
            return .run(invocation)
        }
        if let problem = shortOptionProblem(in: arguments) {
            return .optionError(message: problem, json: arguments.prefix { $0 != "--" }.contains("--json"))
        }
        if let invocation = quick(arguments) { return .run(invocation) }
        do {
            guard let parsed = try FXCommand.parseAsRoot(arguments) as? FXCommand else {
                // `fx help`-style requests that ArgumentParser answers with its own command.
                return .exit(status: 0, message: FXCommand.helpMessage(), toStandardError: false)
            }
            return .run(parsed.invocation)
        } catch {
            // ArgumentParser's own exit code for usage errors is 64; fx promises 2.
            if FXCommand.exitCode(for: error) == .success {
                return .exit(status: 0, message: FXCommand.fullMessage(for: error), toStandardError: false)
            }
            // The error alone, as every other error is one line; the usage block is for --help.
            let line = FXCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "malformed command line"
            let json = arguments.prefix { $0 != "--" }.contains("--json")
            return .optionError(message: line + " (see fx --help)", json: json)
        }
    }

    /// The common command lines, or nil for anything ArgumentParser must judge: help and
    /// version requests, `--name=value`, `--`, unknown options, a repeated option, a word that
    /// starts with `-`. A test checks that every answer equals ArgumentParser's.
    static func quick(_ arguments: [String]) -> Invocation? {
        var invocation = Invocation()
        // The options read so far, by their place in `GlobalOption.all`.
        var seen: UInt64 = 0
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                if invocation.commandWords.isEmpty, word == "help" { return nil }
                invocation.commandWords.append(word)
                continue
            }
            // Hidden options, and a repeated one, go to ArgumentParser too.
            guard let position = GlobalOption.index(spelled: word), seen & (1 << position) == 0 else { return nil }
            seen |= 1 << position
            let option = GlobalOption.all[position]
            guard !option.isHidden else { return nil }
            switch option.kind {
            case .flag(let set, _):
                set(&invocation, true)
            case .value(let set, _, _, _, let problem):
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-"), problem(arguments[index]) == nil else { return nil }
                set(&invocation, arguments[index])
                index += 1
            case .answeredByArgumentParser:
                return nil
            }
        }
        return invocation
    }
}
