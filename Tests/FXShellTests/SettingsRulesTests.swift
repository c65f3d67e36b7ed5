import FXCommands
import FXRates
import FXShell
import Foundation
import Testing

/// `"rules"` in the config: a good rule joins the book and may be the `rule` setting; a bad one is
/// one warning naming its field, and the others hold.
struct SettingsRulesTests {
    func withConfig(_ contents: String, _ body: (Settings) -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fx-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("fx")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: directory.appendingPathComponent("config.json"))
        body(Settings.load(environment: ["HOME": "/nonexistent/fx-test-home", "XDG_CONFIG_HOME": root.path], knownSources: [.ecb]))
    }

    @Test func aRuleDefinedAndChosen() throws {
        let config = #"""
            {"rule": "my-nbp", "rules": {
              "my-nbp": {"source": "nbp", "day": "previous-business-day", "places": 4, "home": "PLN", "quoted": "home-per-unit"},
              "bad-day": {"source": "ecb", "day": "whenever"},
              "bad-places": {"source": "ecb", "day": "month", "places": "four"}
            }}
            """#
        try withConfig(config) { settings in
            let rule = settings.preferences.rules["my-nbp"]
            #expect(rule?.source == SourceID("nbp"))
            #expect(rule?.calendar == .poland)
            #expect(settings.preferences.rule == RuleName("my-nbp"))
            #expect(settings.preferences.rules["bad-day"] == nil)
            let warnings = settings.warnings.filter { $0.hasPrefix("ignoring rules.") }
            #expect(warnings.count == 2, "\(settings.warnings)")
            #expect(
                warnings.contains {
                    $0.contains("rules.bad-day.day: give one of same-day") || $0.contains("rules.bad-day.day: give one of")
                })
            #expect(warnings.contains { $0.contains("rules.bad-places.places: give") })
        }
    }
}
