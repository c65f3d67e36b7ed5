import FXCommands
import FXRates
import FXAnswers
import FXRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where fx keeps its files and which URLs its sources use, from the XDG variables, the
/// config file `$XDG_CONFIG_HOME/fx/config.json` and `FX_<ID>_URL` (strongest last).
public struct Settings: Sendable {
    public var cacheDirectory: String
    public var configPath: String
    public var sourceURLs: [SourceID: URL] = [:]
    /// Seconds a whole request may take (config `timeout`, or `FX_TIMEOUT`).
    public var timeout: TimeInterval = 15
    /// Seconds between a `watch` board's refreshes when `--every` is not given (config `watch_every`).
    public var watchEvery: TimeInterval?
    /// Problems with the config file, printed as warnings; fx goes on with defaults.
    public var warnings: [String] = []
    /// The config says it is a newer fx's (`"schema"` above `configSchema`): fields this fx does
    /// not read are that fx's, not mistakes, and are not warned of.
    private var configFromNewerFx = false
    /// The config's layout this fx reads; a file without `"schema"` is of it.
    static let configSchema = 1
    /// The order in which sources are asked (config `order`); nil for fx's default order.
    public var sourceOrder: [SourceID]?
    /// Sources switched on or off in the config (`"enabled": false`); the rest keep their default.
    public var enabled: [SourceID: Bool] = [:]
    /// API keys, from `FX_OXR_APP_ID` / `FX_NASDAQ_API_KEY` or the config (`app_id`, `api_key`).
    /// Never printed: only whether one is set.
    public var keys: [SourceID: String] = [:]
    /// A monthly request allowance (config `quota`), for plans that have one.
    public var quotas: [SourceID: Int] = [:]
    /// What each source read from its own setting in the config (`SourceOption`: Nasdaq's datasets).
    public var sourceOptions: [SourceID: any Sendable] = [:]
    /// What `set` keeps: the home currency, saved targets and number format.
    public var preferences = Workspace.Preferences()

    /// The config file's shape:
    /// `{"order": ["ecb", "boc"], "sources": {"ecb": {"url": "https://…/", "enabled": true}, "oxr": {"app_id": "…", "quota": 1000}}}`.
    /// Every field is read on its own: one of the wrong type (`"timeout": "15"`, `"explain": "yes"`)
    /// is one warning naming it, never the loss of the whole file and the keys it holds. Read from
    /// the file's `JSONTree`, not through `Decodable`, whose generic containers cost a config of a
    /// few keys 800,000 instructions at every start (Benchmarks/README.md, "The config file"); a
    /// key given as `null` counts as not given.
    struct ConfigFile {
        /// One source's entry: the keys every source has, and the one its description may add (`SourceOption`).
        struct Source {
            var url: Lenient<String>?
            var enabled: Lenient<Bool>?
            var app_id: Lenient<String>?
            var api_key: Lenient<String>?
            var quota: Lenient<Int>?
            var option: SourceOption.Reading?
            /// The source's own option, of the wrong shape: its key, for the warning.
            var badOption: String?
            /// Every field the entry holds, to say those fx does not read.
            var fields: Dictionary<String, JSONTree>.Keys

            /// The fields every source's entry may hold; its description may add one (`SourceOption`).
            static let fields = ["url", "enabled", "app_id", "api_key", "quota"]

            /// The entry `name` of `sources`: its description in `registry` says what more it reads.
            init(_ fields: [String: JSONTree], name: String, registry: SourceRegistry) {
                self.fields = fields.keys
                url = Lenient(fields["url"], \.string)
                enabled = Lenient(fields["enabled"], \.bool)
                app_id = Lenient(fields["app_id"], \.string)
                api_key = Lenient(fields["api_key"], \.string)
                quota = Lenient(fields["quota"], \.wholeNumber)
                guard let wanted = registry[SourceID(name.lowercased())]?.option, let given = fields[wanted.name] else { return }
                do { option = try given.decode(OptionReading.self, userInfo: [OptionReading.option: wanted]).reading } catch {
                    badOption = wanted.name
                }
            }

            /// A source's option as its description reads it, through the `Decoder` it is given.
            private struct OptionReading: Decodable {
                static let option = CodingUserInfoKey(rawValue: "fx.option")!
                let reading: SourceOption.Reading

                init(from decoder: any Decoder) throws {
                    guard let option = decoder.userInfo[Self.option] as? SourceOption else {
                        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no source option to read"))
                    }
                    reading = try option.read(decoder)
                }
            }
        }

        var order: Lenient<[String]>?
        var sources: Lenient<[String: Lenient<Source>]>?
        var timeout: Lenient<Double>?
        var watch_every: Lenient<Double>?
        // Preferences `set` writes.
        var home: Lenient<String>?
        var targets: Lenient<[String]>?
        var number_format: Lenient<String>?
        var rule: Lenient<String>?
        var date_order: Lenient<String>?
        var explain: Lenient<Bool>?
        var log: Lenient<Bool>?
        /// `set source boc --save`, `set json on --save`.
        var source: Lenient<String>?
        var json: Lenient<Bool>?
        /// `"aliases": {"quid": "GBP"}`: the user's own names for currencies (`set alias`).
        var aliases: Lenient<[String: Lenient<String>]>?
        /// `"rules": {"my-rule": {"source": "nbp", "day": "previous-business-day"}}` (Settings+Rules).
        var rules: Lenient<[String: Lenient<RuleEntry>]>?

        /// The top-level fields fx reads; any other is said, not skipped in silence.
        static let fields = [
            "schema", "order", "sources", "timeout", "watch_every", "home", "targets", "number_format", "rule", "date_order", "explain",
            "log", "source", "json",
            "aliases", "rules",
        ]

        /// The file's top-level object.
        init(_ fields: [String: JSONTree], registry: SourceRegistry) {
            order = Lenient(fields["order"]) { $0.all(\.string) }
            sources = Lenient(fields["sources"]) { tree in
                tree.object?.reduce(into: [:]) { entries, entry in
                    entries[entry.key] = Lenient(member: entry.value) { $0.object.map { Source($0, name: entry.key, registry: registry) } }
                }
            }
            timeout = Lenient(fields["timeout"], \.anyNumber)
            watch_every = Lenient(fields["watch_every"], \.anyNumber)
            home = Lenient(fields["home"], \.string)
            targets = Lenient(fields["targets"]) { $0.all(\.string) }
            number_format = Lenient(fields["number_format"], \.string)
            rule = Lenient(fields["rule"], \.string)
            date_order = Lenient(fields["date_order"], \.string)
            explain = Lenient(fields["explain"], \.bool)
            log = Lenient(fields["log"], \.bool)
            source = Lenient(fields["source"], \.string)
            json = Lenient(fields["json"], \.bool)
            aliases = Lenient(fields["aliases"]) { $0.members { Lenient(member: $0, \.string) } }
            rules = Lenient(fields["rules"]) { $0.members { Lenient(member: $0) { $0.object.map(RuleEntry.init) } } }
        }
    }

    /// A value of the expected type, or a note that the file held something else there.
    enum Lenient<Value> {
        case value(Value)
        case wrongType

        /// A field: nil when the key is missing or `null`; else `read`'s value, or `.wrongType`
        /// when it has none.
        init?(_ tree: JSONTree?, _ read: (JSONTree) -> Value?) {
            guard let tree, tree != .null else { return nil }
            self.init(member: tree, read)
        }

        /// A member of an object of entries (`sources`, `aliases`, `rules`), where even `null` is
        /// an entry of the wrong type.
        init(member tree: JSONTree, _ read: (JSONTree) -> Value?) {
            self = read(tree).map(Lenient.value) ?? .wrongType
        }
    }

    /// Problems of one kind said at most this many times, then counted: a config with 400,000 bad
    /// `targets` entries is a few lines on every command, not 400,000.
    static let warningsPerKind = 3

    /// The environment variables fx reads: every `FX_…` and `XDG_…` one, and these.
    public static let environmentPrefixes: [StaticString] = ["FX_", "XDG_"]
    public static let environmentNames: [StaticString] = ["HOME", "TERM", "NO_COLOR", "COLUMNS", "LC_ALL", "LC_CTYPE", "LANG"]

    /// `knownSources` may name fewer sources than `registry` (tests); the registry says what each reads.
    public static func load(
        environment: [String: String], knownSources: [SourceID], registry: SourceRegistry = .standard
    ) -> Settings {
        let home = home(environment)
        var settings = Settings(
            cacheDirectory: xdg("XDG_CACHE_HOME", default: home + "/.cache", environment) + "/fx",
            configPath: xdg("XDG_CONFIG_HOME", default: home + "/.config", environment) + "/fx/config.json")
        settings.readConfig(knownSources: knownSources, registry: registry)
        for about in registry.descriptions {
            guard let name = about.keyVariable else { continue }
            if let key = environment[name]?.trimmedOfWhitespace, !key.isEmpty { settings.keys[about.id] = key }
        }
        if let text = environment["FX_TIMEOUT"], !text.isEmpty {
            if let seconds = Double(text), seconds > 0, seconds <= 600 {
                settings.timeout = seconds
            } else {
                settings.warnings.append(
                    "ignoring FX_TIMEOUT: '\(Messages.printable(text))'; give seconds above 0, at most 600 (such as 15 or 0.5)")
            }
        }
        for id in knownSources {
            let name = "FX_\(id.rawValue.uppercased())_URL"
            guard let text = environment[name], !text.isEmpty else { continue }
            if let url = validURL(text) {
                settings.sourceURLs[id] = url
            } else {
                // The text may be a URL holding a key, or anything at all: shown blanked and printable.
                let shown = Messages.printable(Redaction.hidingCredentials(text))
                settings.warnings.append("ignoring \(name): '\(shown)' is not an http(s) URL")
            }
        }
        return settings
    }

    /// `$HOME`, or the account's home directory when it is unset or empty.
    static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// fx's directory for state (input history, conversion log): `$XDG_STATE_HOME/fx`,
    /// default `~/.local/state/fx`.
    static func stateDirectory(_ environment: [String: String]) -> String {
        xdg("XDG_STATE_HOME", default: home(environment) + "/.local/state", environment) + "/fx"
    }

    /// An XDG base directory: the variable when it holds an absolute path, else the default.
    static func xdg(_ name: String, default fallback: String, _ environment: [String: String]) -> String {
        guard let value = environment[name], value.hasPrefix("/") else { return fallback }
        var trimmed = Substring(value)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The config's path as a warning shows it: the directory names may hold escape characters.
    var shownPath: String { Messages.printable(configPath) }

    private mutating func readConfig(knownSources: [SourceID], registry: SourceRegistry) {
        // A config file is the user's own writing: report its problems, never move it aside.
        let read = GuardedFile.read(configPath)
        guard case .success(let data) = read else {
            // None is the usual case; one that is there but cannot be read is said, not skipped silently.
            // Judged by the failure, not by looking again: a writer may have created it meanwhile.
            if case .failure(.missing) = read { return }
            // A FIFO or a file too large to be a config: refused without reading it (GuardedFile).
            let refusal = if case .failure(let failure) = read { failure.refusal } else { String?.none }
            let why =
                refusal
                ?? (Paths.isDirectory(configPath)
                    ? "a directory stands where the config file should be"
                    : access(configPath, R_OK) != 0 ? "cannot read it (\(String(cString: strerror(errno))))" : "cannot read it")
            warnings.append("ignoring \(shownPath): \(why)")
            return
        }
        // A key in a file others can read is a key others can use, whatever else the file holds:
        // judged on the bytes too, so that a file fx cannot read as a config is still warned of.
        // stat, not FileManager: its attributes (FoundationEssentials) did not come back as an Int.
        var holdsKey = Self.mayHoldKey(data)
        defer {
            var info = stat()
            if holdsKey, stat(configPath, &info) == 0, info.st_mode & 0o044 != 0 {
                warnings.append("\(shownPath) holds an API key and can be read by others; run: chmod 600 \(shownPath)")
            }
        }
        guard let fields = (try? JSONTree.read(data))?.object else {
            warnings.append("ignoring \(shownPath): not valid JSON of the expected shape (an object)")
            return
        }
        let config = ConfigFile(fields, registry: registry)
        configFromNewerFx = (fields["schema"]?.anyNumber ?? 0) > Double(Self.configSchema)
        warnUnknownFields(fields.keys, known: ConfigFile.fields, of: nil)
        if let seconds = field(config.timeout, "timeout", expected: "seconds above 0, at most 600 (such as 15 or 0.5)") {
            if seconds > 0, seconds <= 600 {
                timeout = seconds
            } else {
                warnings.append("ignoring timeout \(seconds) in \(shownPath): give seconds above 0, at most 600 (such as 15 or 0.5)")
            }
        }
        readRules(config, knownSources: knownSources)
        let everyRange = "seconds, at least 1 and at most \(Int(DurationParser.longest)) (such as 30)"
        if let seconds = field(config.watch_every, "watch_every", expected: everyRange) {
            if seconds >= 1, case .success = DurationParser.seconds(seconds) {
                watchEvery = seconds
            } else {
                warnings.append("ignoring watch_every \(seconds) in \(shownPath): give \(everyRange)")
            }
        }
        readPreferences(config)
        readSource(config, knownSources: knownSources)
        if let order = field(config.order, "order", expected: "a list of source names") {
            let ids = order.map { SourceID($0.lowercased()) }
            let unknown = ids.filter { !knownSources.contains($0) }
            if unknown.isEmpty {
                sourceOrder = ids
            } else {
                let names = Self.someOf(unknown.map { Messages.printable($0.rawValue) })
                warnings.append("ignoring the order in \(shownPath): unknown source \(names)")
            }
        }
        let entries = field(config.sources, "sources", expected: "an object of sources, such as {\"ecb\": {\"enabled\": true}}") ?? [:]
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let shownName = Messages.printable(name)
            let id = SourceID(name.lowercased())
            guard registry[id] != nil || knownSources.contains(id) else {
                // A newer fx's source is that fx's to read.
                if configFromNewerFx { continue }
                let names = registry.ids.map(\.rawValue)
                let hint =
                    Suggestions.nearest(to: name, in: names).map { "; did you mean '\($0)'?" }
                    ?? " (the sources are \(names.joined(by: ", ")))"
                warnings.append("ignoring source '\(shownName)' in \(shownPath): fx has no such source\(hint)")
                continue
            }
            guard let source = field(entry, "source '\(shownName)'", expected: "an object such as {\"enabled\": true}") else { continue }
            warnUnknownFields(
                source.fields, known: ConfigFile.Source.fields + (registry[id]?.option.map { [$0.name] } ?? []),
                of: "source '\(shownName)'")
            if let enabled = field(source.enabled, "enabled of source '\(shownName)'", expected: "true or false") {
                self.enabled[id] = enabled
            }
            let key =
                field(source.app_id, "app_id of source '\(shownName)'", expected: "the key as text")
                ?? field(source.api_key, "api_key of source '\(shownName)'", expected: "the key as text")
            if let key, !key.isEmpty { keys[id] = key; holdsKey = true }
            if let quota = field(source.quota, "quota of source '\(shownName)'", expected: "a number of requests from 1 to 10000000") {
                if (1...10_000_000).contains(quota) {
                    quotas[id] = quota
                } else {
                    warnings.append(
                        "ignoring the quota of source '\(shownName)' in \(shownPath): give a number of requests from 1 to 10000000")
                }
            }
            if let bad = source.badOption {
                warnings.append("ignoring \(Messages.printable(bad)) of source '\(shownName)' in \(shownPath): not of the expected shape")
            }
            if let option = source.option {
                sourceOptions[id] = option.value
                let ignored = option.ignored
                for item in ignored.prefix(Self.warningsPerKind) { warnings.append("ignoring \(item.what) in \(shownPath): \(item.fix)") }
                if ignored.count > Self.warningsPerKind {
                    warnings.append("ignoring \(ignored.count - Self.warningsPerKind) more of source '\(shownName)' in \(shownPath)")
                }
            }
            guard let text = field(source.url, "url of source '\(shownName)'", expected: "an http(s) URL") else { continue }
            if let url = Self.validURL(text) {
                sourceURLs[id] = url
            } else {
                warnings.append("ignoring the URL of source '\(shownName)' in \(shownPath): not an http(s) URL")
            }
        }
    }

    /// One warning for each field of `keys` that fx does not read (`APP_ID` for `app_id`, a
    /// misspelt preference), naming it and where it stands (`owner`, nil at the top level).
    mutating func warnUnknownFields(_ keys: some Collection<String>, known: [String], of owner: String?) {
        // A config of known fields, the usual case, costs a lookup per field and builds no text.
        guard !configFromNewerFx, keys.contains(where: { !known.contains($0) }) else { return }
        var unknown = keys.filter { !known.contains($0) }
        unknown.sort()
        let place = owner.map { " of \($0)" } ?? ""
        for key in unknown.prefix(Self.warningsPerKind) {
            let hint = Suggestions.nearest(to: key, in: known).map { "; did you mean '\($0)'?" } ?? " (it reads \(known.joined(by: ", ")))"
            warnings.append("ignoring '\(Messages.printable(key))'\(place) in \(shownPath): not a field fx reads\(hint)")
        }
        if unknown.count > Self.warningsPerKind {
            warnings.append("ignoring \(unknown.count - Self.warningsPerKind) more fields\(place) in \(shownPath) that fx does not read")
        }
    }

    /// A field of the expected type, or nil with one warning naming it.
    mutating func field<Value>(_ field: Lenient<Value>?, _ key: @autoclosure () -> String, expected: @autoclosure () -> String) -> Value? {
        switch field {
        case .value(let value)?: return value
        case .wrongType?:
            warnings.append("ignoring \(key()) in \(shownPath): give \(expected())")
            return nil
        case nil: return nil
        }
    }

    /// Whether `data` may hold a key, before or without reading it as a config: either key name
    /// anywhere (a key's value is never needed to judge the file's mode).
    /// A plain search over the bytes, not `Data.firstRange(of:)`, whose generic search cost a
    /// config of one key 230,000 instructions.
    private static func mayHoldKey(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return [Array("\"app_id\"".utf8), Array("\"api_key\"".utf8)].contains { name in
                bytes.count >= name.count
                    && (0...(bytes.count - name.count)).contains { start in
                        bytes[start] == name[0] && bytes[start..<start + name.count].elementsEqual(name)
                    }
            }
        }
    }

    /// `A, B, C and 7 more`: what a warning names of a list that may be long.
    static func someOf(_ names: [String]) -> String {
        let shown = names.prefix(warningsPerKind).joined(separator: ", ")
        return names.count > warningsPerKind ? shown + " and \(names.count - warningsPerKind) more" : shown
    }

    /// `home`, `targets`, `number_format`, `rule`, `explain`, `log`: a value fx does not know is one warning, not a failure.
    private mutating func readPreferences(_ config: ConfigFile) {
        var unknown: [String] = []
        func code(_ text: String) -> CurrencyCode? {
            guard let code = CurrencyCode(text), CurrencyCatalog.standard.contains(code) else {
                unknown.append(Messages.printable(text))
                return nil
            }
            return code
        }
        // `home` is one field, so its warning names it; XXX and XTS are ISO codes, but no money.
        func home(_ text: String) -> CurrencyCode? {
            let shown = Messages.printable(text)
            guard let code = CurrencyCode(text), CurrencyCatalog.standard.contains(code) else {
                warnings.append("ignoring home '\(shown)' in \(shownPath): not an ISO 4217 currency code")
                return nil
            }
            guard !CurrencyCatalog.namesNoMoney(code) else {
                warnings.append(
                    "ignoring home '\(shown)' in \(shownPath): \(code) is ISO 4217's code for no currency; give one such as EUR")
                return nil
            }
            return code
        }
        // The lists a warning gives, made only for a warning (`joined(separator:)` and the rule
        // book's names cost a config of one key 250,000 instructions when made every time).
        func formats() -> String { "one of " + CommandSpec.numberFormats.joined(by: ", ") }
        let book = preferences.rules
        func rules() -> String { "one of " + book.names.joined(by: ", ") }
        func orders() -> String { "one of " + DateOrder.allCases.map(\.rawValue).joined(by: ", ") }
        preferences.home = field(config.home, "home", expected: "a currency code").flatMap(home)
        preferences.targets = (field(config.targets, "targets", expected: "a list of currency codes") ?? []).compactMap(code)
        if let format = field(config.number_format, "number_format", expected: formats()) {
            if let known = NumberFormat(rawValue: format.lowercased()) {
                preferences.numberFormat = known
            } else {
                warnings.append(
                    "ignoring number_format '\(Messages.printable(format))' in \(shownPath): give \(formats())")
            }
        }
        if let rule = field(config.rule, "rule", expected: rules()) {
            if preferences.rules[rule] != nil {
                preferences.rule = RuleName(rule)
            } else {
                warnings.append("ignoring rule '\(Messages.printable(rule))' in \(shownPath): give \(rules())")
            }
        }
        if let order = field(config.date_order, "date_order", expected: orders()) {
            if let known = DateOrder(rawValue: order.lowercased()) {
                preferences.dateOrder = known
            } else {
                warnings.append("ignoring date_order '\(Messages.printable(order))' in \(shownPath): give \(orders())")
            }
        }
        preferences.explain = field(config.explain, "explain", expected: "true or false") ?? false
        preferences.log = field(config.log, "log", expected: "true or false") ?? true
        preferences.json = field(config.json, "json", expected: "true or false") ?? false
        readAliases(config)
        if unknown.count == 1 {
            warnings.append("ignoring targets '\(unknown[0])' in \(shownPath): not an ISO 4217 code")
        } else if unknown.count > 1 {
            warnings.append("ignoring targets \(Self.someOf(unknown.map { "'\($0)'" })) in \(shownPath): not ISO 4217 codes")
        }
    }

    /// `aliases`: each entry on its own; a bad one is a warning naming it, the rest still read.
    private mutating func readAliases(_ config: ConfigFile) {
        let expected = "an object of names and currency codes, such as {\"quid\": \"GBP\"}"
        guard let entries = field(config.aliases, "aliases", expected: expected) else { return }
        var bad: [String] = []
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let shown = "alias '\(Messages.printable(name))'"
            guard let text = field(entry, shown, expected: "a currency code") else { continue }
            let code = CurrencyCode(text)
            // Not `problem(with:for:)`, which `set alias` asks: it reads every ISO name (480 K
            // instructions of a one-shot with one alias, callgrind). An entry written by hand over
            // another currency's name is obeyed, and each answer using it says so (`alias_over_name`).
            if let problem = CurrencyAliases.problem(with: name) {
                bad.append("ignoring \(shown) in \(shownPath): " + Messages.text(for: UsageError(.badAlias(name, reason: problem))))
            } else if let code, CurrencyCatalog.standard.contains(code) || AssetCatalog.standard.contains(code) {
                preferences.aliases[CurrencyAliases.folded(name)] = code
            } else {
                bad.append("ignoring \(shown) in \(shownPath): '\(Messages.printable(text))' is not a currency code")
            }
        }
        warnings += bad.prefix(Self.warningsPerKind)
        if bad.count > Self.warningsPerKind { warnings.append("ignoring \(bad.count - Self.warningsPerKind) more aliases in \(shownPath)") }
    }

    private static func validURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        return url
    }
}
