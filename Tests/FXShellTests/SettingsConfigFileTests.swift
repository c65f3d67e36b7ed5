import FXRates
import FXShell
import Foundation
import Testing

/// `$XDG_CONFIG_HOME/fx/config.json`, read from a private temporary directory.
@Suite("Settings config file")
struct SettingsConfigFileTests {
    func withConfig(_ contents: String, extra: [String: String] = [:], _ body: (Settings) -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fx-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("fx")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: directory.appendingPathComponent("config.json"))
        let environment = ["HOME": "/nonexistent/fx-test-home", "XDG_CONFIG_HOME": root.path].merging(extra) { _, new in new }
        body(Settings.load(environment: environment, knownSources: [.ecb]))
    }

    @Test
    func aSourceURLFromTheConfigFile() throws {
        try withConfig(#"{"sources": {"ecb": {"url": "https://mirror.example/ecb/"}}}"#) { settings in
            #expect(settings.sourceURLs[.ecb] == URL(string: "https://mirror.example/ecb/"))
            #expect(settings.warnings.isEmpty)
        }
    }

    @Test
    func theEnvironmentIsStrongerThanTheFile() throws {
        try withConfig(
            #"{"sources": {"ecb": {"url": "https://file.example/"}}}"#,
            extra: ["FX_ECB_URL": "https://env.example/"]
        ) { settings in
            #expect(settings.sourceURLs[.ecb] == URL(string: "https://env.example/"))
        }
    }

    /// Preferences are what `set` writes and people edit by hand: one of the wrong type is one
    /// warning naming it, and the rest of the file (a source's URL, the other preferences) holds.
    @Test
    func aPreferenceOfTheWrongTypeCostsOnlyItself() throws {
        try withConfig(
            #"{"explain": "yes", "rule": 5, "home": "chf", "targets": "eur", "number_format": "de", "sources": {"ecb": {"url": "https://mirror.example/ecb/"}}}"#
        ) { settings in
            #expect(settings.sourceURLs[.ecb] == URL(string: "https://mirror.example/ecb/"))
            #expect(settings.preferences.home == CurrencyCode("CHF"))
            #expect(settings.preferences.numberFormat == .german)
            #expect(settings.preferences.explain == false)
            #expect(settings.preferences.rule == .onOrBefore)
            #expect(settings.preferences.targets.isEmpty)
            let ignored = settings.warnings.filter { $0.hasPrefix("ignoring ") }.map { $0.split(separator: " ")[1] }
            #expect(ignored.sorted() == ["explain", "rule", "targets"], "\(settings.warnings)")
        }
        try withConfig(#"{"explain": true, "rule": "previous-business-day"}"#) { settings in
            #expect(settings.preferences.explain)
            #expect(settings.preferences.rule == .previousBusinessDay)
            #expect(settings.warnings.isEmpty)
        }
    }

    @Test(arguments: ["{", "[1, 2]", #"{"sources": 5}"#])
    func aDamagedFileGivesAWarningAndTheDefaults(contents: String) throws {
        try withConfig(contents) { settings in
            #expect(settings.sourceURLs.isEmpty)
            #expect(settings.warnings.count == 1)
        }
    }

    @Test
    func aNonHttpURLInTheFileGivesAWarning() throws {
        try withConfig(#"{"sources": {"ecb": {"url": "gopher://x"}}}"#) { settings in
            #expect(settings.sourceURLs.isEmpty)
            #expect(settings.warnings.first?.contains("'ecb'") == true)
        }
    }
}
