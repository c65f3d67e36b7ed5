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

    @Test("a source URL from the config file")
    func url() throws {
        try withConfig(#"{"sources": {"ecb": {"url": "https://mirror.example/ecb/"}}}"#) { settings in
            #expect(settings.sourceURLs[.ecb] == URL(string: "https://mirror.example/ecb/"))
            #expect(settings.warnings.isEmpty)
        }
    }

    @Test("the environment is stronger than the file")
    func environmentWins() throws {
        try withConfig(#"{"sources": {"ecb": {"url": "https://file.example/"}}}"#,
                       extra: ["FX_ECB_URL": "https://env.example/"]) { settings in
            #expect(settings.sourceURLs[.ecb] == URL(string: "https://env.example/"))
        }
    }

    @Test("a damaged file gives a warning and the defaults", arguments: ["{", "[1, 2]", #"{"sources": 5}"#])
    func damaged(contents: String) throws {
        try withConfig(contents) { settings in
            #expect(settings.sourceURLs.isEmpty)
            #expect(settings.warnings.count == 1)
        }
    }

    @Test("a non-http URL in the file gives a warning")
    func badURL() throws {
        try withConfig(#"{"sources": {"ecb": {"url": "gopher://x"}}}"#) { settings in
            #expect(settings.sourceURLs.isEmpty)
            #expect(settings.warnings.first?.contains("'ecb'") == true)
        }
    }
}
