extension SourceID {
    public static let boc = SourceID("boc")
}

/// The Bank of Canada's daily exchange rates from its Valet API: 23 currencies against CAD,
/// published once each business day by 16:30 Toronto time. No key, no quota.
public struct BankOfCanadaSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://www.bankofcanada.ca/valet/")!

    public let id = SourceID.boc
    public let name = "Bank of Canada"
    private let baseURL: URL
    private let transport: any HTTPTransport
    private let clock: any WallClock
    private let timeout: TimeInterval

    public init(baseURL: URL = BankOfCanadaSource.defaultBaseURL, transport: any HTTPTransport,
                clock: any WallClock = SystemClock(), timeout: TimeInterval = 15) {
        // Paths are appended, so the base must end in a slash.
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
        self.transport = transport
        self.clock = clock
        self.timeout = timeout
    }

    /// `GET {base}observations/group/FX_RATES_DAILY/json?recent=2`: the last two observations of
    /// every series (about 10 KiB), the older one giving the previous rates. Valet sends no ETag
    /// today; validators are passed on in case it starts to.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        var components = URLComponents(url: baseURL.appendingPathComponent("observations/group/FX_RATES_DAILY/json"),
                                       resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "recent", value: "2")]
        guard let url = components?.url, url.isAllowedForFetching else { throw .transport(.insecureURL) }
        let response: HTTPResponse
        do {
            response = try await transport.get(HTTPRequest(url: url, headers: validators?.requestHeaders ?? [:],
                                                            timeout: timeout, maxBytes: 256 << 10))
        } catch {
            throw .transport(error)
        }
        if response.status == 304, validators != nil { return .notModified }
        return .fetched(try validated(response), Validators(response))
    }

    /// Published by 16:30 Toronto time on the Bank's business days.
    public func nextPublication(after day: Day) -> Date {
        EasternTime.instant(on: BankOfCanadaCalendar.nextBusinessDay(after: day), hour: 16, minute: 30)
    }

    /// Errors come as JSON with a sentence (404 `{"message":"Series FXCADAFN not found.",…}`),
    /// which says more than the status.
    private func validated(_ response: HTTPResponse) throws(FetchFailure) -> RateTable {
        if let throttled = FetchFailure.throttled(response) { throw throttled }
        guard response.status == 200 else {
            if let message = ValetDecoder.errorMessage(response.body) {
                throw .providerError("\(message) (HTTP \(response.status))")
            }
            throw .httpStatus(response.status)
        }
        if let type = response.header("Content-Type"), type.lowercased().contains("text/html") { throw .htmlBody }
        try BodyCheck.rejectNonJSON(response.body)
        // No table for a Toronto day exists before 16:30 that day, so no grace is needed for a slow clock.
        return try ValetDecoder.latest(response.body, notAfter: EasternTime.day(at: clock.now()))
    }
}
