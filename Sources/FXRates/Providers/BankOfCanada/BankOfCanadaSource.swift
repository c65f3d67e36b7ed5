extension SourceID {
    public static let boc = SourceID("boc")
}

/// The Bank of Canada's daily exchange rates from its Valet API: 23 currencies against CAD,
/// published once each business day by 16:30 Toronto time. No key, no quota.
public struct BankOfCanadaSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://www.bankofcanada.ca/valet/")!

    public let id = SourceID.boc
    public var name: String { Self.about.name }
    let endpoint: SourceEndpoint
    let transport: any HTTPTransport
    private let clock: any WallClock

    public init(
        baseURL: URL = BankOfCanadaSource.defaultBaseURL, transport: any HTTPTransport,
        clock: any WallClock = SystemClock(), timeout: TimeInterval = 15
    ) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.transport = transport
        self.clock = clock
    }

    /// `GET {base}observations/group/FX_RATES_DAILY/json?recent=2`: the last two observations of
    /// every series (about 10 KiB), the older one giving the previous rates. Valet sends no ETag
    /// today; validators are passed on in case it starts to.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let request = try endpoint.request(
            "observations/group/FX_RATES_DAILY/json", query: [URLQueryItem(name: "recent", value: "2")],
            validators: validators, maxBytes: 256 << 10)
        let fetched = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody)
        // No table for a Toronto day exists before 16:30 that day, so no grace is needed for a slow clock.
        let today = EasternTime.day(at: clock.now())
        return try fetched.map { body throws(FetchFailure) in try ValetDecoder.latest(body, notAfter: today) }
    }

    /// Published by 16:30 Toronto time on the Bank's business days.
    public func nextPublication(after day: Day) -> Date {
        EasternTime.instant(on: BankOfCanadaCalendar.nextBusinessDay(after: day), hour: 16, minute: 30)
    }

    /// Errors come as JSON with a sentence (404 `{"message":"Series FXCADAFN not found.",…}`),
    /// which says more than the status.
    static func errorBody(_ response: HTTPResponse) -> FetchFailure? {
        guard response.status != 200, let message = ValetDecoder.errorMessage(response.body) else { return nil }
        return .providerError("\(message) (HTTP \(response.status))")
    }
}
