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

    /// Every field is read on its own: a wrong type anywhere (the timeout, a source's quota or
    /// enabled, the order) is one warning naming it, and the keys and URLs elsewhere hold.
    @Test(arguments: [
        (#""timeout": "15""#, "timeout"), (#""order": "ecb""#, "order"),
        (#""sources": {"ecb": {"enabled": "yes"}, "oxr": {"app_id": "k3y"}}"#, "enabled"),
        (#""sources": {"ecb": {"quota": "many"}, "oxr": {"app_id": "k3y"}}"#, "quota"),
        (#""sources": {"ecb": 7, "oxr": {"app_id": "k3y"}}"#, "source"),
    ])
    func aFieldOfTheWrongTypeCostsOnlyItself(field: String, named: String) throws {
        let sources = field.contains("\"sources\"") ? "" : #", "sources": {"oxr": {"app_id": "k3y"}}"#
        try withConfig("{\(field)\(sources), \"home\": \"chf\"}") { settings in
            #expect(settings.keys[SourceID("oxr")] == "k3y", "\(settings.warnings)")
            #expect(settings.preferences.home == CurrencyCode("CHF"))
            let ignored = settings.warnings.filter { $0.hasPrefix("ignoring ") }
            #expect(ignored.count == 1 && ignored[0].hasPrefix("ignoring \(named)"), "\(settings.warnings)")
        }
    }

    /// Many bad entries of one kind are a few lines, counted, not a line each.
    @Test func repeatedProblemsAreCounted() throws {
        let targets = (0..<400_000).map { _ in #""??""# }.joined(separator: ",")
        try withConfig(#"{"targets": ["# + targets + #", "eur"], "order": ["a", "b", "c", "d", "e"]}"#) { settings in
            #expect(settings.preferences.targets == [CurrencyCode("EUR")!])
            #expect(settings.warnings.count == 2, "\(settings.warnings.count)")
            #expect(
                settings.warnings.contains { $0.contains("and 399997 more") && $0.contains("not ISO 4217 codes") }, "\(settings.warnings)")
            #expect(settings.warnings.contains { $0.contains("unknown source a, b, c and 2 more") }, "\(settings.warnings)")
        }
    }

    /// `aliases` (what `set alias` writes): each entry on its own, a bad one a warning naming it.
    @Test func aliasesAreReadEntryByEntry() throws {
        try withConfig(#"{"aliases": {"Quid": "gbp", "loon": "CAD", "coin": "BTC"}, "home": "chf"}"#) { settings in
            #expect(
                settings.preferences.aliases == ["quid": CurrencyCode("GBP")!, "loon": CurrencyCode("CAD")!, "coin": CurrencyCode("BTC")!])
            #expect(settings.warnings.isEmpty, "\(settings.warnings)")
        }
        try withConfig(#"{"aliases": {"quid": "GBP", "loon": 5, "moon": "XYZ", "usd": "EUR", "in": "GBP"}, "home": "chf"}"#) { settings in
            #expect(settings.preferences.aliases == ["quid": CurrencyCode("GBP")!])
            #expect(settings.preferences.home == CurrencyCode("CHF"))
            let warnings = settings.warnings.sorted()
            #expect(warnings.count == 4, "\(warnings)")
            #expect(
                warnings.contains { $0.hasPrefix("ignoring alias 'loon' in ") && $0.hasSuffix(": give a currency code") }, "\(warnings)")
            #expect(warnings.contains { $0.hasPrefix("ignoring alias 'moon' in ") && $0.hasSuffix(": 'XYZ' is not a currency code") })
            #expect(warnings.contains { $0.hasPrefix("ignoring alias 'usd' in ") && $0.contains("is a currency already") })
            #expect(warnings.contains { $0.hasPrefix("ignoring alias 'in' in ") && $0.contains("a word of fx's grammar") })
        }
        try withConfig(#"{"aliases": ["quid"], "home": "chf"}"#) { settings in
            #expect(settings.preferences.aliases.isEmpty)
            #expect(settings.preferences.home == CurrencyCode("CHF"))
            #expect(settings.warnings.count == 1 && settings.warnings[0].hasPrefix("ignoring aliases in "), "\(settings.warnings)")
        }
    }

    /// The file is read from its tree (not `JSONDecoder`), as `JSONDecoder` read it: `null` for a
    /// field is no field, but an entry of `sources` or `aliases` that is `null` is of the wrong
    /// type; a trailing comma, which `JSONDecoder` allows, still reads; a repeated key keeps its
    /// first value.
    @Test func nullsTrailingCommasAndRepeatedKeysReadAsBefore() throws {
        try withConfig(#"{"home": null, "timeout": null, "sources": {"ecb": null}, "aliases": {"quid": null}}"#) { settings in
            #expect(settings.preferences.home == nil)
            #expect(settings.warnings.count == 2, "\(settings.warnings)")
            #expect(settings.warnings.contains { $0.hasPrefix("ignoring source 'ecb' in ") }, "\(settings.warnings)")
            #expect(settings.warnings.contains { $0.hasPrefix("ignoring alias 'quid' in ") }, "\(settings.warnings)")
        }
        try withConfig(#"{"home": "chf", "targets": ["eur", "usd",],}"#) { settings in
            #expect(settings.preferences.home == CurrencyCode("CHF"))
            #expect(settings.preferences.targets == [CurrencyCode("EUR")!, CurrencyCode("USD")!])
            #expect(settings.warnings.isEmpty, "\(settings.warnings)")
        }
        try withConfig(#"{"home": "chf", "home": "gbp", "sources": {"ecb": {"url": "https://a.example/", "url": "https://b.example/"}}}"#) {
            settings in
            #expect(settings.preferences.home == CurrencyCode("CHF"))
            #expect(settings.sourceURLs[.ecb] == URL(string: "https://a.example/"))
        }
    }

    /// Issue 34, item 12: each mistake the config can hold is one warning naming its field, beside
    /// the others; nothing of it is skipped in silence.
    @Test func everyMistakeIsOneWarningNamingItsField() throws {
        let config = #"""
            {"home": "XXX", "bogus": 1, "sources": {"OXR": {"APP_ID": "k"}, "zzz": {"enabled": true}},
             "rules": {"mine": {"source": "ecb", "day": "on-or-before", "places": 4, "home": "XXX", "quoted": "home-per-unit", "hme": "PLN"}}}
            """#
        try withConfig(config) { settings in
            let warnings = settings.warnings
            func one(_ prefix: String, _ part: String) {
                let found = warnings.filter { $0.hasPrefix(prefix) }
                #expect(found.count == 1 && found[0].contains(part), "\(prefix): \(warnings)")
            }
            one("ignoring home 'XXX' in ", "XXX is ISO 4217's code for no currency")
            one("ignoring 'bogus' in ", "not a field fx reads")
            one("ignoring 'APP_ID' of source 'OXR' in ", "did you mean 'app_id'?")
            one("ignoring source 'zzz' in ", "fx has no such source")
            one("ignoring 'hme' of rules.mine in ", "did you mean 'home'?")
            one("ignoring rules.mine in ", "rules.mine.home")
            #expect(warnings.count == 6, "\(warnings)")
            #expect(settings.preferences.home == nil)
            #expect(settings.keys.isEmpty)
        }
    }

    /// A config of every field fx reads, each well, gives no warning at all.
    @Test func aConfigOfKnownFieldsGivesNoWarning() throws {
        let config = #"""
            {"order": ["ecb"], "timeout": 10, "watch_every": 30, "home": "CHF", "targets": ["EUR"], "number_format": "en",
             "date_order": "dmy", "explain": false, "aliases": {"quid": "GBP"}, "rule": "mine",
             "sources": {"ecb": {"enabled": true, "url": "https://mirror.example/"}, "oxr": {"app_id": "k", "quota": 1000}},
             "rules": {"mine": {"source": "ecb", "day": "on-or-before", "places": 4, "home": "PLN", "quoted": "home-per-unit", "institution": "x"}}}
            """#
        try withConfig(config) { settings in
            #expect(settings.warnings.filter { !$0.contains("can be read by others") }.isEmpty, "\(settings.warnings)")
            #expect(settings.preferences.home?.rawValue == "CHF")
        }
    }

    /// Issue 34, item 9: `watch_every` is a duration like `--every`, and as bounded.
    @Test(arguments: ["1e300", "315360001", "0.5"])
    func aWatchIntervalOutOfRangeIsIgnoredWithAWarning(value: String) throws {
        try withConfig(#"{"watch_every": \#(value)}"#) { settings in
            #expect(settings.watchEvery == nil)
            #expect(settings.warnings.count == 1 && settings.warnings[0].hasPrefix("ignoring watch_every "), "\(settings.warnings)")
        }
    }

    /// Issue 34, item 11: a URL in the environment with no scheme is echoed without its password.
    @Test(arguments: ["user:secret@host", "user:secret@host/path", "//user:secret@host/"])
    func aBadURLIsEchoedWithoutItsUserInformation(url: String) throws {
        try withConfig("{}", extra: ["FX_ECB_URL": url]) { settings in
            #expect(settings.warnings.count == 1 && settings.warnings[0].hasPrefix("ignoring FX_ECB_URL: "), "\(settings.warnings)")
            #expect(!settings.warnings.joined().contains("secret"), "\(settings.warnings)")
            #expect(!settings.warnings.joined().contains("user"), "\(settings.warnings)")
        }
    }

    /// A config a newer fx wrote (`"schema"` above this fx's) is read for what this fx knows, its
    /// other fields and sources that fx's, not mistakes: no warning (`CorruptionTests` end to end).
    @Test func aNewerFxsFieldsAreNotMistakes() throws {
        let config = #"{"schema": 7, "display": {"theme": "dark"}, "sources": {"ecb": {"tier": "pro"}, "newsource": {}}}"#
        try withConfig(config) { settings in #expect(settings.warnings.isEmpty, "\(settings.warnings)") }
        try withConfig(#"{"schema": 1, "display": {}}"#) { settings in
            #expect(settings.warnings.count == 1 && settings.warnings[0].hasPrefix("ignoring 'display' in "), "\(settings.warnings)")
        }
    }
}
