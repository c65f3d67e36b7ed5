/// The sources fx knows, in its default order: the official reference rates first, then their
/// mirror, then the sources that add currencies or publish more often. Adding a source is a
/// folder under Providers/ that describes it, and one line here.
public struct SourceRegistry: Sendable {
    public let descriptions: [SourceDescription]

    public init(_ descriptions: [SourceDescription]) { self.descriptions = descriptions }

    public static let standard = SourceRegistry([
        ECBSource.about,
        FrankfurterSource.about,
        // Institutions whose own series Frankfurter relays, listed under it: asked only when named.
        FrankfurterInstitutionSource.hmrc,
        FrankfurterInstitutionSource.ust,
        FrankfurterInstitutionSource.nbp,
        BankOfCanadaSource.about,
        OpenExchangeRatesSource.about,
        DunamuSource.about,
        NasdaqDataLinkSource.about,
        CoinbaseSource.about,
        KrakenSource.about,
    ])

    public var ids: [SourceID] { descriptions.map(\.id) }

    public subscript(id: SourceID) -> SourceDescription? { descriptions.first { $0.id == id } }

    /// The sources that keep histories, for messages and help: "ecb, frankfurter, boc and nasdaq".
    public var historyIDs: [SourceID] { descriptions.filter { $0.capabilities.history != .none }.map(\.id) }
}
