import FXCommands

/// One of fx's own options as the command line reads it: its name, value name and brief come from
/// `OptionName` (FXCommands), which a line at the prompt reads too; this adds its help and what it
/// sets. The quick reader, ArgumentParser's declaration (`FXCommand`), the manual and the shell
/// completion scripts all read `GlobalOption.all`.
struct GlobalOption: Sendable {
    /// What the option does to the command line, and how it is read.
    enum Kind: Sendable {
        /// A switch: `set` writes it into an `Invocation`, `parsed` reads the `FXCommand` property ArgumentParser fills.
        case flag(set: @Sendable (inout Invocation, Bool) -> Void, parsed: @Sendable (FXCommand) -> Bool)
        /// Takes one value, named `valueName` in help; `problem` says what is wrong with a value, nil when it is good.
        case value(
            set: @Sendable (inout Invocation, String?) -> Void, parsed: @Sendable (FXCommand) -> String?, valueName: String,
            completion: ValueCompletion, problem: @Sendable (String) -> String?)
        /// `--help` and `--version`: ArgumentParser answers them itself.
        case answeredByArgumentParser(short: Character?)
    }

    /// What a shell offers for an option's value.
    enum ValueCompletion: Sendable {
        /// Anything (files included, as the shell chooses).
        case none
        /// One of these words.
        case words([String])
        /// What `fx --complete` offers after these command words (`use snapshot` for saved snapshots).
        case askFx(after: String)
    }

    // Closures rather than key paths: instantiating the key paths' classes cost 434,000
    // instructions per one-shot (callgrind, Scripts/instruction-budget: 1,848,202 with them), a
    // third of the answer. With closures the table costs 8,300 (`all`'s initializer), and the
    // one-shot 1,450,700 against 1,437,600 before the table (+0.9%; the budget is 1,480,000).

    /// The long name, without `--`.
    let name: String
    /// `--` and the name, as a word on the command line reads.
    let spelling: String
    let kind: Kind
    /// The help line: `--help`, the manual; nil for an option left out of both (and of the shell scripts).
    var help: String? { helpText() }
    /// Made when asked, not when the table is: `--source`'s names the registered sources, which
    /// built at start cost a one-shot 231,000 instructions (callgrind), 16% of the answer.
    private let helpText: @Sendable () -> String?
    /// A few words for the shells that show a description beside each option (fish).
    let brief: String

    /// Its name as a line reads it too.
    let option: OptionName

    private init(_ option: OptionName, _ kind: Kind, help: @escaping @Sendable () -> String?) {
        self.option = option
        self.name = option.rawValue
        self.spelling = option.spelling
        self.kind = kind
        self.helpText = help
        self.brief = option.brief
    }

    static func flag(
        _ option: OptionName, set: @escaping @Sendable (inout Invocation, Bool) -> Void, parsed: @escaping @Sendable (FXCommand) -> Bool,
        help: @autoclosure @escaping @Sendable () -> String?
    ) -> GlobalOption {
        GlobalOption(option, .flag(set: set, parsed: parsed), help: help)
    }

    static func value(
        _ option: OptionName, set: @escaping @Sendable (inout Invocation, String?) -> Void,
        parsed: @escaping @Sendable (FXCommand) -> String?, completion: ValueCompletion = .none,
        problem: @escaping @Sendable (String) -> String? = { _ in nil }, help: @autoclosure @escaping @Sendable () -> String
    ) -> GlobalOption {
        let kind = Kind.value(set: set, parsed: parsed, valueName: option.valueName ?? "value", completion: completion, problem: problem)
        return GlobalOption(option, kind, help: help)
    }

    static func answeredByArgumentParser(_ option: OptionName, short: Character? = nil, help: String) -> GlobalOption {
        GlobalOption(option, .answeredByArgumentParser(short: short), help: { help })
    }

    var isHidden: Bool { help == nil }

    var isFlag: Bool {
        guard case .flag = kind else { return false }
        return true
    }

    /// The value's name in help (`duration`), nil for an option without a value.
    var valueName: String? {
        guard case .value(_, _, let valueName, _, _) = kind else { return nil }
        return valueName
    }

    /// Where the option spelled `word` (`--json`) stands in `all`, or nil.
    static func index(spelled word: String) -> Int? {
        all.firstIndex { $0.spelling == word }
    }

    static func spelled(_ word: String) -> GlobalOption? {
        index(spelled: word).map { all[$0] }
    }

    /// The option named `name`, for `FXCommand`'s declarations; a name the table lacks is a
    /// programming error that every parse by ArgumentParser would hit, so it stops at once.
    static func named(_ name: OptionName) -> GlobalOption {
        guard let option = all.first(where: { $0.option == name }) else {
            preconditionFailure("no option \(name.spelling) in GlobalOption.all")
        }
        return option
    }
}
