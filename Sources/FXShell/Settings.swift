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
    private struct ConfigFile: Decodable {
        /// One source's entry: the keys every source has, and the one its description may add (`SourceOption`).
        struct Source: Decodable {
            var url: String?
            var enabled: Bool?
            var app_id: String?
            var api_key: String?
            var quota: Int?
            var option: SourceOption.Reading?

            private enum Keys: String, CodingKey { case url, enabled, app_id, api_key, quota }

            init(from decoder: any Decoder) throws {
                let fields = try decoder.container(keyedBy: Keys.self)
                url = try fields.decodeIfPresent(String.self, forKey: .url)
                enabled = try fields.decodeIfPresent(Bool.self, forKey: .enabled)
                app_id = try fields.decodeIfPresent(String.self, forKey: .app_id)
                api_key = try fields.decodeIfPresent(String.self, forKey: .api_key)
                quota = try fields.decodeIfPresent(Int.self, forKey: .quota)
                // The entry's key in `sources` names the source, whose description says what more it reads.
                guard let name = decoder.codingPath.last?.stringValue,
                    let registry = decoder.userInfo[ConfigFile.registryKey] as? SourceRegistry,
                    let wanted = registry[SourceID(name.lowercased())]?.option
                else { return }
                let others = try decoder.container(keyedBy: OptionKey.self)
                let key = OptionKey(stringValue: wanted.name)
                if others.contains(key) { option = try wanted.read(others.superDecoder(forKey: key)) }
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

        var order: [String]?
        var sources: [String: Source]?
        var timeout: Double?
        // Preferences `set` writes: one of the wrong type (`"explain": "yes"`) is one warning,
        // never the loss of the whole file and the keys it holds.
        var home: Lenient<String>?
        var targets: Lenient<[String]>?
        var number_format: Lenient<String>?
        var rule: Lenient<String>?
        var explain: Lenient<Bool>?
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
    private var shownPath: String { Messages.printable(configPath) }

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
        let decoder = JSONDecoder()
        decoder.userInfo[ConfigFile.registryKey] = registry
        guard let config = try? decoder.decode(ConfigFile.self, from: data) else {
            warnings.append("ignoring \(shownPath): not valid JSON of the expected shape")
            return
        }
        if let seconds = config.timeout {
            if seconds > 0, seconds <= 600 {
                timeout = seconds
            } else {
                warnings.append("ignoring timeout \(seconds) in \(shownPath): give seconds above 0, at most 600 (such as 15 or 0.5)")
            }
        }
        readPreferences(config)
        if let order = config.order {
            let ids = order.map { SourceID($0.lowercased()) }
            let unknown = ids.filter { !knownSources.contains($0) }
            if unknown.isEmpty {
                sourceOrder = ids
            } else {
                warnings.append(
                    "ignoring the order in \(shownPath): unknown source \(unknown.map { Messages.printable($0.rawValue) }.joined(separator: ", "))"
                )
            }
        }
        var holdsKey = false
        for (name, source) in config.sources ?? [:] {
            let id = SourceID(name.lowercased())
            if let enabled = source.enabled { self.enabled[id] = enabled }
            if let key = source.app_id ?? source.api_key, !key.isEmpty { keys[id] = key; holdsKey = true }
            if let quota = source.quota {
                if (1...10_000_000).contains(quota) {
                    quotas[id] = quota
                } else {
                    warnings.append("ignoring the quota of source '\(name)' in \(shownPath): give a number of requests from 1 to 10000000")
                }
            }
            if let option = source.option {
                sourceOptions[id] = option.value
                for ignored in option.ignored { warnings.append("ignoring \(ignored.what) in \(shownPath): \(ignored.fix)") }
            }
            guard let text = source.url else { continue }
            if let url = Self.validURL(text) {
                sourceURLs[id] = url
            } else {
                warnings.append("ignoring the URL of source '\(name)' in \(shownPath): not an http(s) URL")
            }
        }
        // A key in a file others can read is a key others can use. stat, not FileManager: its
        // attributes (FoundationEssentials) did not come back as an Int, so this never fired.
        var info = stat()
        if holdsKey, stat(configPath, &info) == 0, info.st_mode & 0o044 != 0 {
            warnings.append("\(shownPath) holds an API key and can be read by others; run: chmod 600 \(shownPath)")
        }
    }

    /// `home`, `targets`, `number_format`, `rule`, `explain`: a value fx does not know is one warning, not a failure.
    private mutating func readPreferences(_ config: ConfigFile) {
        func code(_ text: String) -> CurrencyCode? {
            guard let code = CurrencyCode(text), CurrencyCatalog.standard.contains(code) else {
                warnings.append("ignoring the currency '\(Messages.printable(text))' in \(shownPath): not an ISO 4217 code")
                return nil
            }
            return code
        }
        func read<Value>(_ field: Lenient<Value>?, _ key: String, expected: String) -> Value? {
            switch field {
            case .value(let value)?: return value
            case .wrongType?:
                warnings.append("ignoring \(key) in \(shownPath): give \(expected)")
                return nil
            case nil: return nil
            }
        }
        let formats = "one of " + CommandSpec.numberFormats.joined(separator: ", ")
        let rules = "one of " + DateRule.allCases.map(\.rawValue).joined(separator: ", ")
        preferences.home = read(config.home, "home", expected: "a currency code").flatMap(code)
        preferences.targets = (read(config.targets, "targets", expected: "a list of currency codes") ?? []).compactMap(code)
        if let format = read(config.number_format, "number_format", expected: formats) {
            if let known = NumberFormat(rawValue: format.lowercased()) {
                preferences.numberFormat = known
            } else {
                warnings.append(
                    "ignoring number_format '\(Messages.printable(format))' in \(shownPath): give \(formats)")
            }
        }
        if let rule = read(config.rule, "rule", expected: rules) {
            if let known = DateRule(rawValue: rule.lowercased()) {
                preferences.rule = known
            } else {
                warnings.append("ignoring rule '\(Messages.printable(rule))' in \(shownPath): give \(rules)")
            }
        }
        preferences.explain = read(config.explain, "explain", expected: "true or false") ?? false
    }

    private static func validURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        return url
    }
}
