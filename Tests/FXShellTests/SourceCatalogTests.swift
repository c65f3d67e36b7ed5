import FXDocuments
import FXRates
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Which sources are asked, in what order and with what allowance, as their descriptions and the settings say.
@Suite struct SourceCatalogTests {
    static let catalog = SourceCatalog.standard
    static let datasets = #"[{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}]"#

    /// Settings read from `config` (nil for none) and `environment`, in a directory of their own.
    static func settings(_ config: String? = nil, _ environment: [String: String] = [:]) throws -> Settings {
        let directory = makeTemporaryDirectory("fx-catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        if let config {
            let path = directory.appendingPathComponent("fx/config.json")
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(config.utf8).write(to: path)
        }
        let base = ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path]
        return Settings.load(environment: base.merging(environment) { $1 }, knownSources: catalog.ids)
    }

    static func enabled(_ settings: Settings) -> [SourceID] {
        catalog.ordered(settings).filter { catalog.isEnabled($0, settings) }.map(\.id)
    }

    @Test func whatASourceRequiresDecidesWhetherItIsAskedUnlessTheConfigSays() throws {
        #expect(Self.enabled(try Self.settings()) == [.ecb, .frankfurter, .boc, .dunamu, .coinbase, .kraken])
        #expect(
            Self.enabled(try Self.settings(nil, ["FX_OXR_APP_ID": "k"])) == [.ecb, .frankfurter, .boc, .oxr, .dunamu, .coinbase, .kraken])
        // Nasdaq needs its key and its datasets.
        #expect(!Self.enabled(try Self.settings(nil, ["FX_NASDAQ_API_KEY": "k"])).contains(.nasdaq))
        let withDatasets = #"{"sources": {"nasdaq": {"datasets": \#(Self.datasets)}}}"#
        #expect(!Self.enabled(try Self.settings(withDatasets)).contains(.nasdaq))
        #expect(Self.enabled(try Self.settings(withDatasets, ["FX_NASDAQ_API_KEY": "k"])).contains(.nasdaq))
        // The config's word is final either way.
        let configured = #"{"sources": {"ecb": {"enabled": false}, "oxr": {"enabled": true}}}"#
        #expect(Self.enabled(try Self.settings(configured)) == [.frankfurter, .boc, .oxr, .dunamu, .coinbase, .kraken])
    }

    @Test func theConfiguredOrderLeadsAndTheRestFollowInTheRegistrysOrder() throws {
        let settings = try Self.settings(#"{"order": ["dunamu", "boc"]}"#)
        let institutions = ["hmrc", "ust", "nbp"].map(SourceID.init)
        #expect(
            Self.catalog.ordered(settings).map(\.id) == [.dunamu, .boc, .ecb, .frankfurter] + institutions + [
                .oxr, .nasdaq, .coinbase, .kraken,
            ])
        #expect(
            Self.catalog.info(settings).map(\.id) == [.dunamu, .boc, .ecb, .frankfurter] + institutions + [
                .oxr, .nasdaq, .coinbase, .kraken,
            ])
        // Read through Frankfurter's server, and said so.
        #expect(Self.catalog.info(settings).filter { $0.relayedBy == .frankfurter }.map(\.id) == institutions)
    }

    @Test func quotasComeFromTheConfigElseFromTheDescription() throws {
        #expect(Self.catalog.quotas(try Self.settings()) == [.oxr: OpenExchangeRatesSource.freePlanMonthlyRequests])
        let configured = try Self.settings(#"{"sources": {"oxr": {"quota": 50}, "ecb": {"quota": 7}}}"#)
        #expect(Self.catalog.quotas(configured) == [.oxr: 50, .ecb: 7])
    }

    /// Nothing is asked here: the sources are only built.
    struct NoNetwork: HTTPTransport {
        func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { throw .cancelled }
    }

    /// Every enabled source is built, in order; those whose description wires a history give one.
    @Test func sourcesAndHistoriesAreBuiltAsDescribed() throws {
        let settings = try Self.settings(
            #"{"sources": {"nasdaq": {"datasets": \#(Self.datasets)}}}"#, ["FX_OXR_APP_ID": "k", "FX_NASDAQ_API_KEY": "k"])
        let io = SourceIO(transport: NoNetwork(), ecbFiles: InProcessECBFetcher(transport: NoNetwork()))
        let sources = Self.catalog.sources(settings, io: io)
        // Every source on by default (the institutions Frankfurter relays are asked only when named).
        #expect(sources.map(\.id) == Self.catalog.registry.descriptions.filter(\.onByDefault).map(\.id))
        #expect(
            Self.catalog.historySources(of: sources, settings, io: io).map(\.id) == [.ecb, .frankfurter, .boc, .nasdaq, .coinbase, .kraken])
    }
}
