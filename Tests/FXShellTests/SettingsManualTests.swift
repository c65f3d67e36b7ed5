import FXRates
import FXShell
import Testing

/// Every environment variable fx reads is described for the manual page.
@Suite struct SettingsManualTests {
    @Test func everyVariableFxReadsIsDescribed() {
        let sources = [SourceID.ecb, SourceID("boc")]
        let described = Settings.manualEnvironment(sources: sources).map(\.term)
        let keys = SourceRegistry.standard.descriptions.compactMap(\.keyVariable)
        let read =
            Settings.environmentNames.map { "\($0)" } + keys + ["FX_TIMEOUT", "FX_ECB_URL", "FX_BOC_URL"]
            + ["XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"]
        for name in read { #expect(described.contains(name), "\(name)") }
        #expect(Set(described).count == described.count)
    }

    @Test func everyFileIsUnderAnXDGDirectory() {
        #expect(Settings.manualFiles.allSatisfy { $0.term.hasPrefix("$XDG_") })
    }
}
