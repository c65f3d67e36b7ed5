extension SourceID {
    public static let oxr = SourceID("oxr")
}

/// Open Exchange Rates (openexchangerates.org/api): about 170 currencies against USD, updated
/// hourly, behind an App ID sent in the query. The ID travels in request URLs only; every
/// failure leaving this type has it blanked out.
public struct OpenExchangeRatesSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://openexchangerates.org/api/")!
    /// Where the user is told to put the App ID when it is missing.
    public static let keyVariable = "FX_OXR_APP_ID"
    /// The free plan's allowance; `latest` and `historical` requests count one each.
    public static let freePlanMonthlyRequests = 1000
    /// `latest.json` with every currency is about 4 KiB.
    static let maxBytes = 256 << 10

    public let id = SourceID.oxr
    public var name: String { Self.about.name }
    private let appID: String?
    private let base: CurrencyCode?
    private let symbols: [CurrencyCode]
    private let endpoint: SourceEndpoint
    private let transport: any HTTPTransport
    private let clock: any WallClock

    /// `base` and `symbols` are sent only when set: the free plan answers 403 `not_allowed` to any
    /// base but USD. `clock` dates the check that a table is not from the future.
    public init(
        appID: String?, base: CurrencyCode? = nil, symbols: [CurrencyCode] = [],
        baseURL: URL = OpenExchangeRatesSource.defaultBaseURL, transport: any HTTPTransport,
        timeout: TimeInterval = 15, clock: any WallClock = SystemClock()
    ) {
        let key = appID?.trimmedOfWhitespace
        self.appID = key?.isEmpty == false ? key : nil
        self.base = base
        self.symbols = symbols
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.transport = transport
        self.clock = clock
    }

    /// `GET latest.json?app_id=…`, conditionally when `validators` are given.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        try await hidingKey { () async throws(FetchFailure) -> FetchOutcome in
            switch try await get("latest.json", validators: validators) {
            case .notModified: return .notModified
            case .fetched(let body, let validators): return .fetched(try table(body), stored(validators))
            }
        }
    }

    /// `GET historical/YYYY-MM-DD.json?app_id=…`: the last hourly rates of that UTC day.
    /// A day after today (UTC) is refused without spending a request.
    public func fetchHistorical(day: Day) async throws(FetchFailure) -> RateTable {
        guard day <= Day(utc: clock.now()) else { throw .futureDate(day) }
        return try await hidingKey { () async throws(FetchFailure) -> RateTable in
            let body = try await get("historical/\(day).json", validators: nil).value()
            let table = try table(body)
            guard table.date == day else { throw .malformed("rates dated \(table.date), asked for \(day)") }
            return table
        }
    }

    /// Without a publication instant, the earliest the next hourly update can be: 01:00 UTC of the day.
    public func nextPublication(after day: Day) -> Date {
        day.startUTC + 3600
    }

    public func nextPublication(after table: RateTable) -> Date {
        table.publishedAt.map { nextPublication(afterInstant: $0) } ?? nextPublication(after: table.date)
    }

    /// Updates come hourly ("about 1–2 minutes past the hour"): the next full hour after `instant`.
    public func nextPublication(afterInstant instant: Date) -> Date {
        Date(timeIntervalSince1970: ((instant.timeIntervalSince1970 / 3600).rounded(.down) + 1) * 3600)
    }

    /// A `Retry-After` comes first (it must be kept); then OXR's error body, which says more than
    /// its status (`not_allowed` comes as 403 or 429), whatever the status; then the status and the body's kind.
    private func get(_ path: String, validators: Validators?) async throws(FetchFailure) -> Fetched<Data> {
        guard let appID else { throw .missingKey(Self.keyVariable) }
        var query = [URLQueryItem(name: "app_id", value: appID)]
        if let base { query.append(URLQueryItem(name: "base", value: base.rawValue)) }
        if !symbols.isEmpty { query.append(URLQueryItem(name: "symbols", value: symbols.map(\.rawValue).joined(separator: ","))) }
        let request = try endpoint.request(path, query: query, validators: validators, maxBytes: Self.maxBytes)
        return try await SourceFetch.get(request, expecting: .json, over: transport) { response in
            OpenExchangeRatesDecoder.errorText(response.body, hiding: appID).map { .providerError($0) }
        }
    }

    private func table(_ body: Data) throws(FetchFailure) -> RateTable {
        // A day of grace, as for the other sources: a clock a little behind is not an error.
        try OpenExchangeRatesDecoder.table(body, base: base ?? .usd, notAfter: clock.now() + 86_400)
    }

    /// The response's ETag and Last-Modified, unless one echoes the App ID: they are stored in the cache.
    private func stored(_ kept: Validators) -> Validators {
        guard let appID else { return kept }
        func clean(_ value: String?) -> String? { value.flatMap { $0.containsCaseInsensitive(appID) ? nil : $0 } }
        return Validators(etag: clean(kept.etag), lastModified: clean(kept.lastModified))
    }

    /// Transport errors (whose texts may quote the URL) and echoed body text could hold the key.
    private func hidingKey<T>(_ body: () async throws(FetchFailure) -> T) async throws(FetchFailure) -> T {
        do {
            return try await body()
        } catch {
            throw appID.map { Self.hiding($0, in: error) } ?? error
        }
    }
}

extension OpenExchangeRatesSource {
    /// `failure` with `secret` blanked out of every text it carries.
    static func hiding(_ secret: String, in failure: FetchFailure) -> FetchFailure {
        failure.mappingTexts { OpenExchangeRatesDecoder.hide(secret, in: $0) }
    }
}
