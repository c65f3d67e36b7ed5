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

/// Issue 32 §2: a config rule's field of the wrong type says what it must be, and a rule whose day
/// does not fit how its series publishes is refused with the reason.
struct SettingsRuleFieldTests {
    func warnings(_ rules: String) throws -> (Settings, [String]) {
        var loaded: Settings?
        try SettingsRulesTests().withConfig(#"{"rules": \#(rules)}"#) { loaded = $0 }
        let settings = try #require(loaded)
        return (settings, settings.warnings.filter { $0.hasPrefix("ignoring rules.") })
    }

    @Test func aPlacesGivenAsTextIsSaidToBeANumber() throws {
        let (settings, warnings) = try warnings(#"{"bad-places": {"source": "ecb", "day": "on-or-before", "places": "four"}}"#)
        #expect(settings.preferences.rules["bad-places"] == nil)
        #expect(warnings.count == 1, "\(settings.warnings)")
        #expect(warnings.first?.hasPrefix("ignoring rules.bad-places in ") == true, "\(warnings)")
        #expect(
            warnings.first?.hasSuffix(": rules.bad-places.places: give a number of decimal places, 0 to 12 (such as 4)") == true,
            "\(warnings)")
    }

    @Test func aTextFieldOfAnotherTypeSaysWhatItTakes() throws {
        let (_, warnings) = try warnings(#"{"odd-day": {"source": "ecb", "day": 3}}"#)
        #expect(
            warnings.first?.contains(": rules.odd-day.day: give one of on-or-before, previous-business-day, same-day, month") == true,
            "\(warnings)")
    }

    /// A month's rate over a daily series would be one day's rate called the month's: refused.
    @Test func aMonthRuleOverADailySeriesIsRefused() throws {
        let (settings, warnings) = try warnings(
            #"{"ecb-month": {"source": "ecb", "day": "month"}, "hmrc-month": {"source": "hmrc", "day": "month"}}"#)
        #expect(settings.preferences.rules["ecb-month"] == nil)
        #expect(settings.preferences.rules["hmrc-month"]?.day == .month)
        #expect(warnings.count == 1, "\(settings.warnings)")
        #expect(
            warnings.first?.hasSuffix(
                ": rules.ecb-month.day: month takes the rate in force for that month, and ecb publishes daily: "
                    + "give one of on-or-before, previous-business-day, same-day, average")
                == true, "\(warnings)")
    }
}

/// The cadence a rule's day is checked against is the one the sources declare: the institutions'
/// own, and daily or more often for every source that publishes on a clock.
struct SeriesCadenceAgreementTests {
    @Test func theInstitutionsCadences() {
        for institution in [FrankfurterInstitution.hmrc, .ust, .nbp] {
            #expect(SeriesCadence(of: institution.id).rawValue == institution.cadence.rawValue, "\(institution.id)")
        }
    }

    @Test func everyOtherSourceIsDailyOrMoreOften() {
        let institutions = [FrankfurterInstitution.hmrc, .ust, .nbp].map(\.id)
        for description in SourceRegistry.standard.descriptions where !institutions.contains(description.id) {
            #expect(SeriesCadence(of: description.id) == .daily, "\(description.id)")
            // Per series: Frankfurter's blend is a table a day, Nasdaq's currency datasets publish on weekdays.
            if case .perSeries = description.capabilities.frequency {
                #expect(["frankfurter", "nasdaq"].contains(description.id.rawValue), "\(description.id): how often does it publish?")
            }
        }
    }
}
