import FXAnswers
import FXRates

/// Changes to `config.json` made by `sources enable|disable|order`: the file is read as a JSON
/// object, only the keys fx owns are changed (everything else the user wrote stays), and the
/// result replaces the file atomically under a lock, 0600 since it may hold keys.
public struct ConfigEditor: ConfigWriting {
    public let path: String

    public init(path: String) { self.path = path }

    /// Turns a source on or off, keeping the user's own spelling of its name.
    public func setEnabled(_ id: SourceID, _ enabled: Bool) throws(ConfigEditError) {
        try edit { config in
            var sources = config["sources"]?.object ?? [:]
            // Settings reads source names in any case: change the user's own entry ("OXR"), not a twin.
            let name = sources.keys.first { $0.lowercased() == id.rawValue } ?? id.rawValue
            var source = sources[name]?.object ?? [:]
            source["enabled"] = .bool(enabled)
            sources[name] = .object(source)
            config["sources"] = .object(sources)
        }
    }

    /// `ids` first, then every other `known` source in its current order: the order the file
    /// holds when the lock is taken (another process may have changed it since this one started),
    /// then `known`'s for sources the file does not name. Returns the order written.
    public func setOrder(_ ids: [SourceID], known: [SourceID]) throws(ConfigEditError) -> [SourceID] {
        try edit { config in
            let stored = (config["order"]?.array ?? []).compactMap { $0.string.map { SourceID($0.lowercased()) } }
            var seen = Set<SourceID>()
            let order = (ids + stored.filter(known.contains) + known).filter { seen.insert($0).inserted }
            config["order"] = .array(order.map { .string($0.rawValue) })
            return order
        }
    }

    /// Sets a top-level preference (`home`, `targets`, `number_format`), or removes it with nil.
    public func setPreference(_ key: String, _ value: JSONTree?) throws(ConfigEditError) {
        try edit { config in config[key] = value }
    }

    /// One entry of `aliases`, the others as the file holds them when the lock is taken (another
    /// fx may have added one since this one started); the user's own spelling of the name is replaced.
    public func setAlias(_ name: String, _ code: CurrencyCode?) throws(ConfigEditError) {
        try edit { config in
            var aliases = config["aliases"]?.object ?? [:]
            for key in aliases.keys where key.lowercased() == name { aliases[key] = nil }
            aliases[name] = code.map { .string($0.rawValue) }
            config["aliases"] = aliases.isEmpty ? nil : .object(aliases)
        }
    }

    /// Read → change → replace under the lock (`config.lock` beside the file), so that edits
    /// made at once by several fx processes all stay.
    private func edit<Output>(_ change: (inout [String: JSONTree]) -> Output) throws(ConfigEditError) -> Output {
        do throws(GuardedFileError<ConfigEditError>) {
            return try file.update(empty: [:], interpret) { current throws(ConfigEditError) in
                var config = current
                let output = change(&config)
                return (try encoded(config), output)
            }
        } catch {
            switch error {
            case .system(let failure): throw ConfigEditError(reason: failure.reason)
            case .refused(let problem): throw problem
            }
        }
    }

    /// The config's bytes: indented for reading by hand, unless that would take it past what fx
    /// reads (`GuardedFile.smallFileLimit`), then on one line; a change that would not fit even
    /// so is refused, since every later run would ignore the whole file.
    private func encoded(_ config: [String: JSONTree]) throws(ConfigEditError) -> Data {
        let limit = file.sizeLimit
        for formatting: JSONEncoder.OutputFormatting in [[.prettyPrinted, .sortedKeys], [.sortedKeys]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            guard let data = try? encoder.encode(JSONTree.object(config)) else { throw ConfigEditError(reason: "cannot write \(path)") }
            if data.count + 1 <= limit { return data + [0x0A] }
        }
        throw ConfigEditError(
            reason: "\(path) would grow past \(PlainFile.sizeText(limit)), the most fx reads of a config; it was left as it was")
    }

    private var file: GuardedFile { GuardedFile(path: path, lockPath: Paths.directory(of: path) + "/config.lock") }

    /// The user's own file: what fx cannot read is never replaced, nor set aside.
    private func interpret(_ read: Result<Data, PlainFile.Failure>) -> FileVerdict<[String: JSONTree], ConfigEditError> {
        switch read {
        case .failure(.missing): return .usable([:])
        // Present but unreadable (permissions, a directory): refuse rather than start afresh.
        // A link is not replaced by a file either: the user may keep it in their dotfiles.
        case .failure(let failure):
            return .leaveAlone(ConfigEditError(reason: "cannot read \(path)" + (failure.refusal.map { ": \($0)" } ?? "")))
        case .success(let data):
            guard let object = (try? JSONTree.read(data))?.object else {
                return .leaveAlone(ConfigEditError(reason: "\(path) is not a JSON object; fix it by hand first"))
            }
            return .usable(object)
        }
    }
}
