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
