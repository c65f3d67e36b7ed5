/// One of fx's own options, with everything said of it anywhere: the quick reader, ArgumentParser's
/// declaration (`FXCommand`), the manual and the shell completion scripts all read `GlobalOption.all`.
struct GlobalOption: Sendable {
    /// What the option does to the command line, and how it is read.
    enum Kind: Sendable {
        /// A switch: sets `field`; `parsed` is the `FXCommand` property ArgumentParser fills.
        case flag(WritableKeyPath<Invocation, Bool> & Sendable, parsed: KeyPath<FXCommand, Bool> & Sendable)
        /// Takes one value, named `valueName` in help; `problem` says what is wrong with a value, nil when it is good.
        case value(
            WritableKeyPath<Invocation, String?> & Sendable, parsed: KeyPath<FXCommand, String?> & Sendable, valueName: String,
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

    /// The long name, without `--`.
    let name: String
    /// `--` and the name, as a word on the command line reads.
    let spelling: String
    let kind: Kind
    /// The help line: `--help`, the manual; nil for an option left out of both (and of the shell scripts).
    let help: String?
    /// A few words for the shells that show a description beside each option (fish).
    let brief: String

    private init(_ name: String, _ kind: Kind, help: String?, brief: String) {
        self.name = name
        self.spelling = "--" + name
        self.kind = kind
        self.help = help
        self.brief = brief
    }

    static func flag(
        _ name: String, _ field: WritableKeyPath<Invocation, Bool> & Sendable, _ parsed: KeyPath<FXCommand, Bool> & Sendable,
        help: String?, brief: String = ""
    ) -> GlobalOption {
        GlobalOption(name, .flag(field, parsed: parsed), help: help, brief: brief)
    }

    static func value(
        _ name: String, _ field: WritableKeyPath<Invocation, String?> & Sendable, _ parsed: KeyPath<FXCommand, String?> & Sendable,
        valueName: String, completion: ValueCompletion = .none, problem: @escaping @Sendable (String) -> String? = { _ in nil },
        help: String, brief: String
    ) -> GlobalOption {
        GlobalOption(
            name, .value(field, parsed: parsed, valueName: valueName, completion: completion, problem: problem), help: help, brief: brief)
    }

    static func answeredByArgumentParser(_ name: String, short: Character? = nil, help: String, brief: String) -> GlobalOption {
        GlobalOption(name, .answeredByArgumentParser(short: short), help: help, brief: brief)
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

    /// The option spelled `word` (`--json`), or nil.
    static func spelled(_ word: String) -> GlobalOption? {
        all.first { $0.spelling == word }
    }

    /// The option that sets `field`, for `FXCommand`'s declarations; a field no option sets is a
    /// programming error that every parse would hit, so it stops at once.
    static func setting(_ field: PartialKeyPath<Invocation>) -> GlobalOption {
        guard
            let option = all.first(where: { option in
                switch option.kind {
                case .flag(let own, _): own == field
                case .value(let own, _, _, _, _): own == field
                case .answeredByArgumentParser: false
                }
            })
        else { preconditionFailure("no option in GlobalOption.all sets \(field)") }
        return option
    }
}
