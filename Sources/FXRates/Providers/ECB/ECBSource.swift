/// The European Central Bank's euro reference rates: static XML files under one base URL.
public struct ECBSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://www.ecb.europa.eu/stats/eurofxref/")!

    public let id = SourceID.ecb
    public let name = "European Central Bank"
    private let baseURL: URL
    private let transport: any HTTPTransport
    let reader: any ECBDocumentReader
    private let timeout: TimeInterval

    public init(baseURL: URL = ECBSource.defaultBaseURL, transport: any HTTPTransport, reader: any ECBDocumentReader,
                timeout: TimeInterval = 15) {
        // The documented paths are appended, so the base must end in a slash.
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
        self.transport = transport
        self.reader = reader
        self.timeout = timeout
    }

    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let response = try await get("eurofxref-daily.xml", headers: validators?.requestHeaders ?? [:], maxBytes: 64 << 10)
        if response.status == 304, validators != nil { return .notModified }
        guard let latest = try await validated(response).last else { throw .noRates }
        return .fetched(latest, Validators(response))
    }

    /// The last 90 calendar days (about 63 publications), oldest first.
    public func fetchRecent() async throws(FetchFailure) -> [RateTable] {
        try await validated(await get("eurofxref-hist-90d.xml", headers: [:], maxBytes: 1 << 20))
    }

    /// Rates appear around 16:00 Frankfurt time on TARGET working days.
    public func nextPublication(after day: Day) -> Date {
        CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
    }

    func get(_ path: String, headers: [String: String], maxBytes: Int) async throws(FetchFailure) -> HTTPResponse {
        let url = baseURL.appendingPathComponent(path)
        guard url.isAllowedForFetching else { throw .transport(.insecureURL) }
        do {
            return try await transport.get(HTTPRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes))
        } catch {
            throw .transport(error)
        }
    }

    func validated(_ response: HTTPResponse) async throws(FetchFailure) -> [RateTable] {
        if let throttled = FetchFailure.throttled(response) { throw throttled }
        guard response.status == 200 else { throw .httpStatus(response.status) }
        if let type = response.header("Content-Type"), type.lowercased().contains("text/html") { throw .htmlBody }
        try BodyCheck.rejectNonXML(response.body)
        return try await reader.tables(fromXML: response.body)
    }
}
