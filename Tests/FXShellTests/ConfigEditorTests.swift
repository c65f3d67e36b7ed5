import FXRates
import FXShell
import FXTestSupport
import Foundation
import Testing

/// `sources enable|disable|order` change only what fx owns in the user's config file.
@Suite("Config editor")
struct ConfigEditorTests {
    @Test
    func anOrderBuildsOnTheOrderTheFileHoldsNowNotTheOneReadAtStartUp() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        let known: [SourceID] = [.ecb, .frankfurter, SourceID("boc"), SourceID("oxr")]
        // Another process has put boc first since this one started with the default order.
        try Data(#"{"order": ["boc", "ecb", "gone", "frankfurter", "oxr"]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let order = try ConfigEditor(path: path).setOrder([SourceID("oxr")], known: known)
        #expect(order == [SourceID("oxr"), SourceID("boc"), .ecb, .frankfurter])
    }

    @Test
    func enableDisableAndOrderKeepEverythingElseTheUserWroteAndTheFilePrivate() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fx/config.json").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(#"{"timeout": 20, "sources": {"oxr": {"app_id": "secret-key"}, "ecb": {"url": "https://mirror.example/"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let editor = ConfigEditor(path: path)
        try editor.setEnabled(.ecb, false)
        let order = try editor.setOrder([SourceID("oxr")], known: [.ecb, .frankfurter, SourceID("oxr")])
        #expect(order == [SourceID("oxr"), .ecb, .frankfurter])

        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(object["timeout"] as? Int == 20)
        #expect(object["order"] as? [String] == ["oxr", "ecb", "frankfurter"])
        let sources = try #require(object["sources"] as? [String: [String: Any]])
        #expect(sources["ecb"]?["enabled"] as? Bool == false)
        #expect(sources["ecb"]?["url"] as? String == "https://mirror.example/")
        #expect(sources["oxr"]?["app_id"] as? String == "secret-key")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // What was written is what Settings reads.
        let settings = Settings.load(
            environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path],
            knownSources: [.ecb, .frankfurter, SourceID("oxr")])
        #expect(settings.enabled[.ecb] == false)
        #expect(settings.sourceOrder == [SourceID("oxr"), .ecb, .frankfurter])
        #expect(settings.keys[SourceID("oxr")] == "secret-key")
        #expect(settings.warnings.isEmpty)
    }

    @Test
    func aConfigFxCannotReadIsNeverOverwritten() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigEditError.self) { try ConfigEditor(path: path).setEnabled(.ecb, true) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{ not json")
    }

    @Test
    func aConfigThatExistsButCannotBeReadIsLeftAlone() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A directory where the file should be cannot be read as a file, whoever runs the test.
        let path = directory.appendingPathComponent("config.json").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: ConfigEditError.self) { try ConfigEditor(path: path).setEnabled(.ecb, false) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test
    func aMissingConfigIsCreated() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("new/fx/config.json").path
        try ConfigEditor(path: path).setEnabled(SourceID("boc"), false)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// `set alias`: one entry of `aliases` changes (the user's own spelling of it replaced), the
    /// others and everything else stay, and the last one removed takes `aliases` with it.
    @Test
    func anAliasChangesOnlyItsOwnEntry() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        try Data(#"{"home": "CHF", "aliases": {"Quid": "EUR", "loon": "CAD"}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let editor = ConfigEditor(path: path)
        func object() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        }
        try editor.setAlias("quid", CurrencyCode("GBP"))
        #expect(try object()["aliases"] as? [String: String] == ["quid": "GBP", "loon": "CAD"])
        #expect(try object()["home"] as? String == "CHF")
        try editor.setAlias("quid", nil)
        #expect(try object()["aliases"] as? [String: String] == ["loon": "CAD"])
        try editor.setAlias("loon", nil)
        #expect(try object()["aliases"] == nil)
        #expect(try object()["home"] as? String == "CHF")
    }

    /// Separate editors on separate threads, as separate fx processes would be: under the lock,
    /// no edit of one source is lost to an edit of another.
    @Test
    func editsMadeAtOnceAllStay() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fx/config.json").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(#"{"timeout": 20, "sources": {"oxr": {"app_id": "secret-key"}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            let editor = ConfigEditor(path: path)
            for n in 0..<10 { try? editor.setEnabled(SourceID("s\(worker)"), n % 2 == 1) }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let sources = try #require(object["sources"] as? [String: [String: Any]])
        #expect(object["timeout"] as? Int == 20 && sources["oxr"]?["app_id"] as? String == "secret-key")
        #expect((0..<16).allSatisfy { sources["s\($0)"]?["enabled"] as? Bool == true }, "\(sources)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/fx").sorted()
        #expect(names == ["config.json", "config.lock"])
    }

    @Test
    func aKeyInAConfigOthersCanReadDrawsAWarningTheKeyItselfIsNeverInIt() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fx/config.json").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(#"{"sources": {"oxr": {"app_id": "abc123secret"}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let settings = Settings.load(
            environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path], knownSources: [SourceID("oxr")])
        #expect(settings.warnings.count == 1)
        #expect(settings.warnings.first?.contains("chmod 600") == true)
        #expect(settings.warnings.allSatisfy { !$0.contains("abc123secret") })
        // The environment is stronger than the file.
        let fromEnvironment = Settings.load(
            environment: [
                "HOME": directory.path, "XDG_CONFIG_HOME": directory.path,
                "FX_OXR_APP_ID": "from-env",
            ], knownSources: [SourceID("oxr")])
        #expect(fromEnvironment.keys[SourceID("oxr")] == "from-env")
    }
}

@Suite("Config editor and settings: details")
struct ConfigDetailTests {
    @Test
    func aSourceWrittenInCapitalsIsChangedInPlaceNotDuplicated() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        try Data(#"{"sources": {"OXR": {"app_id": "k"}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        try ConfigEditor(path: path).setEnabled(SourceID("oxr"), false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let sources = try #require(object["sources"] as? [String: [String: Any]])
        #expect(Array(sources.keys) == ["OXR"])
        #expect(sources["OXR"]?["enabled"] as? Bool == false)
    }

    @Test
    func unusableNasdaqDatasetsAreDroppedWithAWarning() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fx/config.json")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"{"sources": {"nasdaq": {"datasets": [{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}, {"database": "../x", "code": "A", "base": "EUR", "quote": "USD"}, {"database": "B", "code": "C", "base": "USD", "quote": "usd"}]}}}"#
                .utf8
        )
        .write(to: path)
        let settings = Settings.load(
            environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path], knownSources: [SourceID("nasdaq")])
        #expect((settings.sourceOptions[.nasdaq] as? [NasdaqDataset])?.map(\.code) == ["EURUSD"])
        #expect(settings.warnings.count == 2)
    }

    /// A config of `count` aliases written on one line, as a user or a tool may keep it.
    private func compactConfig(aliases count: Int) -> Data {
        // Names of letters alone ("zq", then the index in base 26): no keyword, no code, read as aliases.
        let name = { (index: Int) -> String in
            var name = "zq", rest = index
            repeat { name.append(Character(UnicodeScalar(UInt8(97 + rest % 26)))); rest /= 26 } while rest > 0
            return name
        }
        let entries = (0..<count).map { #""\#(name($0))":"USD""# }.joined(separator: ",")
        return Data(#"{"aliases":{\#(entries)}}"#.utf8)
    }

    @Test
    func aConfigThatWouldNotFitIndentedIsWrittenOnOneLineAndStaysReadable() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fx/config.json").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // About 3.3 MB on one line: indented, it would pass the 4 MiB fx reads of a config.
        try compactConfig(aliases: 220_000).write(to: URL(fileURLWithPath: path))
        try ConfigEditor(path: path).setAlias("buck", CurrencyCode("USD"))
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= 4 << 20)
        let settings = Settings.load(environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path], knownSources: [.ecb])
        #expect(settings.warnings.isEmpty)
        #expect(settings.preferences.aliases.count == 220_001)
    }

    @Test
    func aChangeThatWouldTakeTheConfigPastWhatFxReadsIsRefusedWithTheReasonAndTheFileKept() throws {
        let directory = makeTemporaryDirectory("fx-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        // A byte under 4 MiB once the alias is added on one line, and the new name is longer.
        var config = compactConfig(aliases: 200_000)
        let padding = (4 << 20) - config.count - 20
        config = Data(#"{"note":"\#(String(repeating: "x", count: padding))","#.utf8) + config.dropFirst()
        try config.write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigEditError.self) { try ConfigEditor(path: path).setAlias("aratherlongaliasname", CurrencyCode("USD")) }
        do {
            try ConfigEditor(path: path).setAlias("aratherlongaliasname", CurrencyCode("USD"))
        } catch {
            #expect(error.reason.contains("4 MiB"))
            #expect(error.reason.contains("left as it was"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == config)
    }
}
