import FXRates
import Foundation

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

    /// The config file's shape: `{"sources": {"ecb": {"url": "https://…/"}}}`.
    private struct ConfigFile: Decodable {
        struct Source: Decodable { var url: String? }
        var sources: [String: Source]?
        var timeout: Double?
    }

    public static func load(environment: [String: String], knownSources: [SourceID]) -> Settings {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var settings = Settings(
            cacheDirectory: xdg("XDG_CACHE_HOME", default: home + "/.cache", environment) + "/fx",
            configPath: xdg("XDG_CONFIG_HOME", default: home + "/.config", environment) + "/fx/config.json")
        settings.readConfig()
        if let text = environment["FX_TIMEOUT"], !text.isEmpty {
            if let seconds = Double(text), seconds > 0, seconds <= 600 { settings.timeout = seconds } else {
                settings.warnings.append("ignoring FX_TIMEOUT: '\(text)' is not a number of seconds between 0 and 600")
            }
        }
        for id in knownSources {
            let name = "FX_\(id.rawValue.uppercased())_URL"
            guard let text = environment[name], !text.isEmpty else { continue }
            if let url = validURL(text) { settings.sourceURLs[id] = url } else {
                settings.warnings.append("ignoring \(name): '\(text)' is not an http(s) URL")
            }
        }
        return settings
    }

    /// An XDG base directory: the variable when it holds an absolute path, else the default.
    static func xdg(_ name: String, default fallback: String, _ environment: [String: String]) -> String {
        guard let value = environment[name], value.hasPrefix("/") else { return fallback }
        var trimmed = Substring(value)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    private mutating func readConfig() {
        guard let data = FileManager.default.contents(atPath: configPath) else { return }
        // A config file is the user's own writing: report its problems, never move it aside.
        guard let config = try? JSONDecoder().decode(ConfigFile.self, from: data) else {
            warnings.append("ignoring \(configPath): not valid JSON of the expected shape")
            return
        }
        if let seconds = config.timeout {
            if seconds > 0, seconds <= 600 { timeout = seconds } else {
                warnings.append("ignoring timeout \(seconds) in \(configPath): give seconds between 0 and 600")
            }
        }
        for (id, source) in config.sources ?? [:] {
            guard let text = source.url else { continue }
            if let url = Self.validURL(text) { sourceURLs[SourceID(id)] = url } else {
                warnings.append("ignoring the URL of source '\(id)' in \(configPath): not an http(s) URL")
            }
        }
    }

    private static func validURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else { return nil }
        return url
    }
}
