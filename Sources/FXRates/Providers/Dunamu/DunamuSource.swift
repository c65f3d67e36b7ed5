extension SourceID {
    public static let dunamu = SourceID("dunamu")
}

/// Dunamu's quotation API (Upbit's KRW forex feed): Hana Bank's base rates (매매기준율),
/// revised within minutes through the Korean banking day. Unofficial: no key, no documented limits.
public struct DunamuSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://quotation-api-cdn.dunamu.com/v1/")!
    /// Currencies seen in the samples and public clients, plus the common ones Hana Bank quotes.
    public static let defaultCurrencies: [CurrencyCode] = [
        "USD", "JPY", "EUR", "CNY", "GBP", "CHF", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "THB", "VND",
    ].compactMap { CurrencyCode($0) }
    /// Minutes between revisions are typical; asking again sooner gains nothing.
    public static let revisionInterval: TimeInterval = 5 * 60

    public let id = SourceID.dunamu
    public var name: String { Self.about.name }
    private let endpoint: SourceEndpoint
    private let currencies: [CurrencyCode]
    private let transport: any HTTPTransport
    private let clock: any WallClock

    public init(
        baseURL: URL = DunamuSource.defaultBaseURL, currencies: [CurrencyCode] = DunamuSource.defaultCurrencies,
        transport: any HTTPTransport, clock: any WallClock = SystemClock(), timeout: TimeInterval = 15
    ) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        // KRW is the base, not a quote; each code once, in the order given. A linear search over
        // about 14 codes: hashing them into a Set cost a one-shot 25,000 instructions for a source
        // built at every start (callgrind, Benchmarks/README.md, wave 3's budget row).
        var unique: [CurrencyCode] = []
        for code in currencies where code != DunamuDecoder.krw && !unique.contains(code) { unique.append(code) }
        self.currencies = unique
        self.transport = transport
        self.clock = clock
    }

    /// `GET {base}forex/recent?codes=FRX.KRWUSD,FRX.KRWJPY,…`: one record per code Dunamu knows.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        guard !currencies.isEmpty else { throw .noRates }
        // A record is about 1.2 KB; allow several times that per currency.
        let request = try endpoint.request(
            "forex/recent", query: [URLQueryItem(name: "codes", value: currencies.map { "FRX.KRW\($0)" }.joined(separator: ","))],
            validators: validators, maxBytes: max(64 << 10, currencies.count * (8 << 10)))
        let fetched = try await SourceFetch.get(request, expecting: .json, over: transport)
        let now = clock.now()
        return try fetched.map { body throws(FetchFailure) in
            try DunamuDecoder.table(body, requested: Set(currencies), now: now)
        }
    }

    /// With only a date, a newer revision may come any minute of that Korean day, so the
    /// earliest instant is shortly after its start (KST, UTC+9, has no summer time).
    public func nextPublication(after day: Day) -> Date {
        nextPublication(afterInstant: DunamuDecoder.koreanMidnight(day))
    }

    /// The table's own instant is known: the next revision is due a few minutes after it.
    public func nextPublication(after table: RateTable) -> Date {
        table.publishedAt.map(nextPublication(afterInstant:)) ?? nextPublication(after: table.date)
    }

    /// Revisions follow each other within minutes during banking hours. Nights, weekends and
    /// Korean holidays bring none, but fx has no Korean calendar (and trading hours have been
    /// extended), so it stays conservative: a quote is assumed superseded 5 minutes on.
    public func nextPublication(afterInstant instant: Date) -> Date {
        instant.addingTimeInterval(Self.revisionInterval)
    }
}
