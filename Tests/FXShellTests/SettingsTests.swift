import FXRates
import FXShell
import Foundation
import Testing

@Suite("Settings")
struct SettingsTests {
    /// A home with no config file, so the machine's own settings never leak in.
    static let home = "/nonexistent/fx-test-home"

    func load(_ extra: [String: String]) -> Settings {
        Settings.load(environment: ["HOME": Self.home].merging(extra) { _, new in new }, knownSources: [.ecb])
    }

    @Test(
        arguments: [
            ([:], home + "/.cache/fx"),
            (["XDG_CACHE_HOME": "/var/tmp/cache"], "/var/tmp/cache/fx"),
            (["XDG_CACHE_HOME": "/var/tmp/cache/"], "/var/tmp/cache/fx"),
            (["XDG_CACHE_HOME": "relative/cache"], home + "/.cache/fx"),
            (["XDG_CACHE_HOME": "./cache"], home + "/.cache/fx"),
            (["XDG_CACHE_HOME": ""], home + "/.cache/fx"),
        ] as [([String: String], String)])
    func cacheDirectoryFromXDGCACHEHOMEWhenAbsolute(environment: [String: String], expected: String) {
        #expect(load(environment).cacheDirectory == expected)
    }

    @Test
    func configPathFromXDGCONFIGHOMEWhenAbsolute() {
        #expect(load([:]).configPath == Self.home + "/.config/fx/config.json")
        #expect(load(["XDG_CONFIG_HOME": "/nonexistent/cfg"]).configPath == "/nonexistent/cfg/fx/config.json")
        #expect(load(["XDG_CONFIG_HOME": "cfg"]).configPath == Self.home + "/.config/fx/config.json")
    }

    @Test(arguments: ["https://mirror.example/ecb/", "http://127.0.0.1:8080/daily.xml"])
    func fxECBURLSetsTheSourceURL(text: String) {
        let settings = load(["FX_ECB_URL": text])
        #expect(settings.sourceURLs[.ecb] == URL(string: text))
        #expect(settings.warnings.isEmpty)
    }

    @Test(arguments: [
        "ftp://mirror.example/ecb", "file:///etc/passwd", "not a url", "https://",
    ])
    func aValueThatIsNotAnHttpSURLIsIgnoredWithAWarning(text: String) {
        let settings = load(["FX_ECB_URL": text])
        #expect(settings.sourceURLs[.ecb] == nil)
        #expect(settings.warnings.count == 1)
        #expect(settings.warnings.first?.contains("FX_ECB_URL") == true)
    }

    @Test
    func anEmptyFXECBURLIsAsIfUnset() {
        let settings = load(["FX_ECB_URL": ""])
        #expect(settings.sourceURLs.isEmpty)
        #expect(settings.warnings.isEmpty)
    }
}
