import FXDocuments
import FXRates
import FXTestSupport
import Foundation
import Testing

/// What each source says of itself agrees with what it is, for every source of the registry.
@Suite struct SourceRegistryTests {
    static let io: SourceIO = {
        let transport = FakeTransport(.success(HTTPResponse(status: 500)))
        return SourceIO(
            transport: transport, ecbFiles: InProcessECBFetcher(transport: transport), clock: FixedClock(utc("2026-01-05T12:00:00Z")))
    }()

    static func context(_ about: SourceDescription) -> SourceContext {
        SourceContext(url: about.defaultURL, key: "key", option: nil, io: io)
    }

    @Test func idsAreUniqueAndNameTheirURLVariable() {
        let ids = SourceRegistry.standard.ids
        #expect(Set(ids).count == ids.count)
        for about in SourceRegistry.standard.descriptions {
            #expect(about.urlVariable == "FX_" + about.id.rawValue.uppercased() + "_URL")
            #expect(about.id.rawValue.allSatisfy { $0.isLowercase || $0.isNumber }, "\(about.id)")
        }
    }

    @Test(arguments: SourceRegistry.standard.descriptions.map(\.id))
    func theBuiltSourceIsTheOneDescribed(id: SourceID) throws {
        let about = try #require(SourceRegistry.standard[id])
        let source = about.make(Self.context(about))
        #expect(source.id == about.id)
        #expect(source.name == about.name)
    }

    /// A source keeps a history exactly when its capabilities say so, and that history is its own.
    @Test(arguments: SourceRegistry.standard.descriptions.map(\.id))
    func historyIsWiredAsTheCapabilitiesSay(id: SourceID) throws {
        let about = try #require(SourceRegistry.standard[id])
        let context = Self.context(about)
        let history = about.history?(about.make(context), context)
        #expect((history != nil) == (about.capabilities.history != .none))
        if let history { #expect(history.id == about.id) }
    }

    /// What a source requires it can be given: a key through its variable, an option through its config key.
    @Test(arguments: SourceRegistry.standard.descriptions.map(\.id))
    func requirementsCanBeMet(id: SourceID) throws {
        let about = try #require(SourceRegistry.standard[id])
        if about.requires.contains(.key) { #expect(about.keyVariable != nil) }
        if about.requires.contains(.option) { #expect(about.option != nil) }
        #expect(about.isOnWithout(configured: true, optionSet: true) == about.onByDefault)
        #expect(about.isOnWithout(configured: false, optionSet: false) == (about.onByDefault && about.requires.isEmpty))
    }

    /// What the registry gathers comes from the descriptions, whatever sources are added.
    @Test func theRegistryGathersWhatTheDescriptionsSay() {
        let registry = SourceRegistry.standard
        #expect(registry[.oxr]?.keyVariable == OpenExchangeRatesSource.keyVariable)
        #expect(registry[.nasdaq]?.keyVariable == NasdaqDataLinkSource.keyVariable)
        #expect(registry[.oxr]?.monthlyQuota == OpenExchangeRatesSource.freePlanMonthlyRequests)
        #expect(Array(registry.historyIDs.prefix(3)) == [.ecb, .frankfurter, SourceID("hmrc")])
        #expect(registry.historyIDs.contains(.nasdaq) && !registry.historyIDs.contains(.oxr))
        #expect(registry[SourceID("nope")] == nil)
    }
}
