import FXRates
import FXShell
import Foundation
import Testing

/// `watch_every` in the config: the board's interval when `--every` is not given.
@Suite("Watch settings")
struct WatchSettingsTests {
    func settings(_ contents: String) throws -> Settings {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fx-watch-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fx"), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: root.appendingPathComponent("fx/config.json"))
        return Settings.load(environment: ["HOME": "/nonexistent/fx-test-home", "XDG_CONFIG_HOME": root.path], knownSources: [.ecb])
    }

    @Test
    func watchEveryIsReadInSecondsOfAtLeastOne() throws {
        #expect(try settings(#"{"watch_every": 30}"#).watchEvery == 30)
        #expect(try settings(#"{}"#).watchEvery == nil)
        let tooFast = try settings(#"{"watch_every": 0.5}"#)
        #expect(tooFast.watchEvery == nil)
        #expect(tooFast.warnings.contains { $0.hasPrefix("ignoring watch_every 0.5 in ") }, "\(tooFast.warnings)")
        let wrong = try settings(#"{"watch_every": "30s", "timeout": 5}"#)
        #expect(wrong.watchEvery == nil && wrong.timeout == 5)
        #expect(wrong.warnings.count == 1, "\(wrong.warnings)")
    }
}
