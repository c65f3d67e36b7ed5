extension SourceID {
    public static let frankfurter = SourceID("frankfurter")
}

/// Frankfurter's v1 API (api.frankfurter.dev/v1): the ECB's reference rates served as JSON,
/// whose open-ended time series gives every publication since a day in one request.
public struct FrankfurterSource: HistorySource, RateSource {
    public static let defaultBaseURL = URL(string: "https://api.frankfurter.dev/v1/")!
    /// The ECB's first publication; Frankfurter answers 404 for anything earlier.
    public static let firstDay = Day(year: 1999, month: 1, day: 4)!

    public let id = SourceID.frankfurter
    public var name: String { Self.about.name }
    private let endpoint: SourceEndpoint
    private let transport: any HTTPTransport

    /// `timeout` bounds every request, the full history's (several MiB) too, as `FX_TIMEOUT` promises.
    public init(baseURL: URL = FrankfurterSource.defaultBaseURL, transport: any HTTPTransport, timeout: TimeInterval = 15) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.transport = transport
    }

    /// `GET {base}{start}..?base=EUR`, all currencies. The answer may begin a little before
    /// `start` (Frankfurter starts at the working day on or before it), which is harmless.
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        let from = min(max(start ?? Self.firstDay, Self.firstDay), today)
        return try await series(
            path: "\(from)..", query: [URLQueryItem(name: "base", value: "EUR")],
            base: .eur, span: from...today, today: today)
    }

    /// `GET {base}{from}..{to}?base=…&symbols=…`: a bounded series, small when `symbols` is.
    /// Rates re-based away from EUR are rounded by Frankfurter, so prefer EUR and cross-rate locally.
    public func fetchSeries(
        from: Day, to: Day, base: CurrencyCode = .eur, symbols: [CurrencyCode] = [],
        today: Day
    ) async throws(FetchFailure) -> RateHistory {
        var query = [URLQueryItem(name: "base", value: base.rawValue)]
        if !symbols.isEmpty { query.append(URLQueryItem(name: "symbols", value: symbols.map(\.rawValue).joined(separator: ","))) }
        return try await series(path: "\(from)..\(to)", query: query, base: base, span: from...max(from, to), today: today)
    }

    /// `GET {base}latest?base=EUR`, conditionally when validators are held (Frankfurter sends an ETag).
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let request = try endpoint.request(
            "latest", query: [URLQueryItem(name: "base", value: "EUR")],
            validators: validators, maxBytes: 64 << 10)
        return try await get(request).map { body throws(FetchFailure) in try FrankfurterDecoder.latest(body, base: .eur) }
    }

    /// Same schedule as the ECB, whose data Frankfurter republishes: 16:00 Frankfurt time on TARGET working days.
    public func nextPublication(after day: Day) -> Date {
        CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
    }

    /// About 800 bytes per calendar day (≈ 2.5× what 30–40 currencies take), so the full
    /// history is allowed ≈ 8 MiB and a short span at least 256 KiB.
    static func sizeLimit(for span: ClosedRange<Day>) -> Int {
        max(256 << 10, (span.upperBound.ordinal - span.lowerBound.ordinal + 1) * 800)
    }

    private func series(
        path: String, query: [URLQueryItem], base: CurrencyCode, span: ClosedRange<Day>,
        today: Day
    ) async throws(FetchFailure) -> RateHistory {
        let request = try endpoint.request(path, query: query, maxBytes: Self.sizeLimit(for: span))
        let body = try await get(request).value()
        return try FrankfurterDecoder.history(body, base: base, latest: today.adding(days: 1))
    }

    private func get(_ request: SourceRequest) async throws(FetchFailure) -> Fetched<Data> {
        try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody)
    }

    /// Any 404 stays `.httpStatus(404)`: Frankfurter sends the same `{"message":"not found"}` for
    /// an empty result and for a wrong path, and an open-ended series from 1999 on is never empty,
    /// so a 404 most likely means a misconfigured base URL. A 422 carries a reason worth showing.
    static func errorBody(_ response: HTTPResponse) -> FetchFailure? {
        guard response.status == 422 else { return nil }
        return FrankfurterDecoder.errorMessage(response.body).map { .malformed($0) }
    }
}
