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
    /// is one warning naming it, never the loss of the whole file and the keys it holds.
    struct ConfigFile: Decodable {
        /// One source's entry: the keys every source has, and the one its description may add (`SourceOption`).
        struct Source: Decodable {
            var url: Lenient<String>?
            var enabled: Lenient<Bool>?
            var app_id: Lenient<String>?
            var api_key: Lenient<String>?
            var quota: Lenient<Int>?
            var option: SourceOption.Reading?
            /// The source's own option, of the wrong shape: its key, for the warning.
            var badOption: String?

            private enum Keys: String, CodingKey { case url, enabled, app_id, api_key, quota }

            init(from decoder: any Decoder) throws {
                let fields = try decoder.container(keyedBy: Keys.self)
                url = try fields.decodeIfPresent(Lenient<String>.self, forKey: .url)
                enabled = try fields.decodeIfPresent(Lenient<Bool>.self, forKey: .enabled)
                app_id = try fields.decodeIfPresent(Lenient<String>.self, forKey: .app_id)
                api_key = try fields.decodeIfPresent(Lenient<String>.self, forKey: .api_key)
                quota = try fields.decodeIfPresent(Lenient<Int>.self, forKey: .quota)
                // The entry's key in `sources` names the source, whose description says what more it reads.
                guard let name = decoder.codingPath.last?.stringValue,
                    let registry = decoder.userInfo[ConfigFile.registryKey] as? SourceRegistry,
                    let wanted = registry[SourceID(name.lowercased())]?.option
                else { return }
                let others = try decoder.container(keyedBy: OptionKey.self)
                let key = OptionKey(stringValue: wanted.name)
                guard others.contains(key) else { return }
                do { option = try wanted.read(others.superDecoder(forKey: key)) } catch { badOption = wanted.name }
            }
        }

        /// A key a source names.
        struct OptionKey: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        static let registryKey = CodingUserInfoKey(rawValue: "fx.sources")!

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
        /// `"aliases": {"quid": "GBP"}`: the user's own names for currencies (`set alias`).
        var aliases: Lenient<[String: Lenient<String>]>?
        /// `"rules": {"my-rule": {"source": "nbp", "day": "previous-business-day"}}` (Settings+Rules).
        var rules: Lenient<[String: Lenient<RuleEntry>]>?
    }

    /// A value of the expected type, or a note that the file held something else there.
    enum Lenient<Value: Decodable>: Decodable {
        case value(Value)
        case wrongType

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = (try? container.decode(Value.self)).map(Lenient.value) ?? .wrongType
        }
    }

    /// Problems of one kind said at most this many times, then counted: a config with 400,000 bad
    /// `targets` entries is a few lines on every command, not 400,000.
    static let warningsPerKind = 3

    /// The environment variables fx reads: every `FX_…` and `XDG_…` one, and these.
    public static let environmentPrefixes: [StaticString] = ["FX_", "XDG_"]
    public static let environmentNames: [StaticString] = ["HOME", "TERM", "NO_COLOR", "COLUMNS"]

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
        let decoder = JSONDecoder()
        decoder.userInfo[ConfigFile.registryKey] = registry
        guard let config = try? decoder.decode(ConfigFile.self, from: data) else {
            warnings.append("ignoring \(shownPath): not valid JSON of the expected shape (an object)")
            return
        }
        if let seconds = field(config.timeout, "timeout", expected: "seconds above 0, at most 600 (such as 15 or 0.5)") {
            if seconds > 0, seconds <= 600 {
                timeout = seconds
            } else {
                warnings.append("ignoring timeout \(seconds) in \(shownPath): give seconds above 0, at most 600 (such as 15 or 0.5)")
            }
        }
        readRules(config, knownSources: knownSources)
        if let seconds = field(config.watch_every, "watch_every", expected: "seconds, at least 1 (such as 30)") {
            if seconds >= 1 {
                watchEvery = seconds
            } else {
                warnings.append("ignoring watch_every \(seconds) in \(shownPath): give seconds, at least 1 (such as 30)")
            }
        }
        readPreferences(config)
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
            guard let source = field(entry, "source '\(shownName)'", expected: "an object such as {\"enabled\": true}") else { continue }
            let id = SourceID(name.lowercased())
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

    /// A field of the expected type, or nil with one warning naming it.
    mutating func field<Value>(_ field: Lenient<Value>?, _ key: String, expected: String) -> Value? {
        switch field {
        case .value(let value)?: return value
        case .wrongType?:
            warnings.append("ignoring \(key) in \(shownPath): give \(expected)")
            return nil
        case nil: return nil
        }
    }

    /// Whether `data` may hold a key, before or without reading it as a config: either key name
    /// anywhere (a key's value is never needed to judge the file's mode).
    private static func mayHoldKey(_ data: Data) -> Bool {
        data.firstRange(of: Data("\"app_id\"".utf8)) != nil || data.firstRange(of: Data("\"api_key\"".utf8)) != nil
    }

    /// `A, B, C and 7 more`: what a warning names of a list that may be long.
    static func someOf(_ names: [String]) -> String {
        let shown = names.prefix(warningsPerKind).joined(separator: ", ")
        return names.count > warningsPerKind ? shown + " and \(names.count - warningsPerKind) more" : shown
    }

    /// `home`, `targets`, `number_format`, `rule`, `explain`: a value fx does not know is one warning, not a failure.
    private mutating func readPreferences(_ config: ConfigFile) {
        var unknown: [String] = []
        func code(_ text: String) -> CurrencyCode? {
            guard let code = CurrencyCode(text), CurrencyCatalog.standard.contains(code) else {
                unknown.append(Messages.printable(text))
                return nil
            }
            return code
        }
        let formats = "one of " + CommandSpec.numberFormats.joined(separator: ", ")
        let rules = "one of " + preferences.rules.names.joined(separator: ", ")
        preferences.home = field(config.home, "home", expected: "a currency code").flatMap(code)
        preferences.targets = (field(config.targets, "targets", expected: "a list of currency codes") ?? []).compactMap(code)
        if let format = field(config.number_format, "number_format", expected: formats) {
            if let known = NumberFormat(rawValue: format.lowercased()) {
                preferences.numberFormat = known
            } else {
                warnings.append(
                    "ignoring number_format '\(Messages.printable(format))' in \(shownPath): give \(formats)")
            }
        }
        if let rule = field(config.rule, "rule", expected: rules) {
            if preferences.rules[rule] != nil {
                preferences.rule = RuleName(rule)
            } else {
                warnings.append("ignoring rule '\(Messages.printable(rule))' in \(shownPath): give \(rules)")
            }
        }
        let orders = "one of " + DateOrder.allCases.map(\.rawValue).joined(separator: ", ")
        if let order = field(config.date_order, "date_order", expected: orders) {
            if let known = DateOrder(rawValue: order.lowercased()) {
                preferences.dateOrder = known
            } else {
                warnings.append("ignoring date_order '\(Messages.printable(order))' in \(shownPath): give \(orders)")
            }
        }
        preferences.explain = field(config.explain, "explain", expected: "true or false") ?? false
        readAliases(config)
        if unknown.count == 1 {
            warnings.append("ignoring the currency '\(unknown[0])' in \(shownPath): not an ISO 4217 code")
        } else if unknown.count > 1 {
            warnings.append("ignoring the currencies \(Self.someOf(unknown.map { "'\($0)'" })) in \(shownPath): not ISO 4217 codes")
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
            if let problem = CurrencyAliases.problem(with: name) {
                bad.append("ignoring \(shown) in \(shownPath): " + Messages.text(for: UsageError(.badAlias(name, reason: problem))))
            } else if let code = CurrencyCode(text), CurrencyCatalog.standard.contains(code) || AssetCatalog.standard.contains(code) {
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
