/// `snapshot` and its subcommands; `use snapshot <name>` and `use live` choose what answers.
public enum SnapshotAction: Equatable, Sendable {
    case save(String)
    case list
    case show(String)
    case remove(String)
    /// Answer from this snapshot from now on; nil goes back to the live rates.
    case use(String?)
}

extension CommandSpec {
    public static let snapshot = CommandSpec(
        name: "snapshot", aliases: ["snapshots"],
        summary: "Pin today's rates under a name, to answer from them again later",
        synopsis: "snapshot [save <name> | list | show <name> | rm <name>]",
        discussion: """
            'save' keeps the latest rates of every source as the cache holds them now, with their
            dates and fetch times, in $XDG_DATA_HOME/fx/snapshots/<name>.json. History is kept by
            reference: the snapshot records the last day each history covered, and dated questions
            read the history cache up to that day. Answer from a snapshot with --snapshot <name>,
            or 'use snapshot <name>' at the prompt ('use live' goes back): no network is asked, and
            the same lines give the same answers, byte for byte, however the cache changes.
            Names hold letters, digits, '-', '_' and '.', and do not start with a dot.
            """,
        examples: ["snapshot save q3-close", "snapshot list", "snapshot show q3-close", "snapshot rm q3-close"],
        parse: { arguments, command, _ throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            guard let verb = cursor.next() else { return .snapshot(.list) }
            let action: SnapshotAction
            switch verb.folded {
            case "list", "ls": action = .list
            case "save", "show", "rm", "remove", "delete":
                let name = cursor.name()
                switch verb.folded {
                case "save": action = .save(name)
                case "show": action = .show(name)
                default: action = .remove(name)
                }
            default:
                throw UsageError(.unexpectedWord(verb.text, command: command.text), at: verb)
            }
            if let extra = cursor.next() { throw UsageError(.unexpectedWord(extra.text, command: command.text), at: extra) }
            return .snapshot(action)
        },
        completion: { arguments, _ in
            guard let verb = arguments.first else { return [.keywords(["save", "list", "show", "rm"])] }
            return ["show", "rm", "remove", "delete", "save"].contains(verb.folded) && arguments.count == 1 ? [.snapshots] : []
        }
    )

    public static let use = CommandSpec(
        name: "use", aliases: [],
        summary: "Answer from a saved snapshot, or from the live rates again",
        synopsis: "use snapshot <name> | use live",
        discussion: """
            'use snapshot q3-close' answers every following line from that snapshot only, offline,
            as --snapshot does for one command; 'use live' goes back to the sources and the cache.
            """,
        examples: ["use snapshot q3-close", "use live"],
        parse: { arguments, command, _ throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            // Bare `use` reads as a missing name, which the executor words with an example.
            guard let verb = cursor.next() else { return .snapshot(.use("")) }
            let action: SnapshotAction
            switch verb.folded {
            case "live": action = .use(nil)
            case "snapshot": action = .use(cursor.name())
            default: throw UsageError(.unexpectedWord(verb.text, command: command.text), at: verb)
            }
            if let extra = cursor.next() { throw UsageError(.unexpectedWord(extra.text, command: command.text), at: extra) }
            return .snapshot(action)
        },
        completion: { arguments, _ in
            guard let verb = arguments.first else { return [.keywords(["snapshot", "live"])] }
            return verb.folded == "snapshot" && arguments.count == 1 ? [.snapshots] : []
        }
    )
}

extension ArgumentCursor {
    /// A snapshot name: the next words that touch (`q3-close` tokenizes as `q3`, `-`, `close`),
    /// joined; empty when there is none, which the executor refuses with the name rules.
    fileprivate mutating func name() -> String {
        let (text, count, _) = touching()
        skip(count: count)
        return text
    }
}
