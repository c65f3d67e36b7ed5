/// `ETag` and `Last-Modified` from a previous answer, sent back as a conditional request.
public struct Validators: Sendable, Equatable, Codable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public init(_ response: HTTPResponse) {
        self.init(etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
    }

    var requestHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}

/// What a fetch of the latest rates produced.
public typealias FetchOutcome = Fetched<RateTable>

/// One provider of exchange rates. One method to fetch, one to say when the next publication can exist.
public protocol RateSource: Sendable {
    var id: SourceID { get }
    /// A name for people: "European Central Bank".
    var name: String { get }
    /// The latest published table, asked conditionally when `validators` are given.
    func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome
    /// The earliest instant at which a table newer than the one dated `day` can be published.
    func nextPublication(after day: Day) -> Date
    /// The same for a table, whose publication instant may be known (sources publishing
    /// several times a day); by default, from its date.
    func nextPublication(after table: RateTable) -> Date
    /// How the rate between `codes` in its table was made, when that is more than the source's
    /// name: a blend's institutions, a peg, an institution's monthly rate; nil otherwise.
    func basis(of codes: [CurrencyCode], in table: RateTable) -> String?
    /// Quotes a market whose prices move all the time (an exchange): its answers say the instant
    /// their price was taken, not only the day.
    var pricesMove: Bool { get }
}

extension RateSource {
    public var pricesMove: Bool { false }
    public func nextPublication(after table: RateTable) -> Date { nextPublication(after: table.date) }
    public func basis(of codes: [CurrencyCode], in table: RateTable) -> String? { table.blendBasis(of: codes) }
}
