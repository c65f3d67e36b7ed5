/// The European Central Bank's euro reference rates: static XML files under one base URL.
public struct ECBSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://www.ecb.europa.eu/stats/eurofxref/")!

    public let id = SourceID.ecb
    public var name: String { Self.about.name }
    let endpoint: SourceEndpoint
    let files: any ECBFileFetcher

    public init(baseURL: URL = ECBSource.defaultBaseURL, files: any ECBFileFetcher, timeout: TimeInterval = 15) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.files = files
    }

    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let request = try endpoint.request("eurofxref-daily.xml", validators: validators, maxBytes: 64 << 10)
        return try await files.tables(request).map { tables throws(FetchFailure) in
            guard let latest = tables.last else { throw .noRates }
            return latest
        }
    }

    /// The last 90 calendar days (about 63 publications), oldest first.
    public func fetchRecent() async throws(FetchFailure) -> [RateTable] {
        try await files.tables(endpoint.request("eurofxref-hist-90d.xml", maxBytes: 1 << 20)).value()
    }

    /// Rates appear around 16:00 Frankfurt time on TARGET working days.
    public func nextPublication(after day: Day) -> Date {
        CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
    }
}
