extension SourceID {
    public static let frankfurter = SourceID("frankfurter")
}

/// Frankfurter's v2 API (api.frankfurter.dev/v2): a blend of more than a hundred central banks'
/// and official sources' rates for about 200 currencies and the precious metals, no key, no quota.
/// Latest, a date and ranges all come from `rates`; each row carries its own date.
public struct FrankfurterSource: HistorySource, RateSource {
    public static let defaultBaseURL = URL(string: "https://api.frankfurter.dev/v2/")!
    /// The euro's first day, where fx's histories begin: the blend reaches further back for some
    /// currencies (1948), but a history of every currency since then is not worth its size.
    public static let firstDay = Day(year: 1999, month: 1, day: 4)!

    public let id = SourceID.frankfurter
    public var name: String { Self.about.name }
    let endpoint: SourceEndpoint
    private let transport: any HTTPTransport

    /// `timeout` bounds every request, a long range's too, as `FX_TIMEOUT` promises.
    public init(baseURL: URL = FrankfurterSource.defaultBaseURL, transport: any HTTPTransport, timeout: TimeInterval = 15) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.transport = transport
    }

    public var asksByCurrency: Bool { true }

    /// The server's own carry-forward window (`CarryForward::LOOKBACK_DAYS`): a range repeats a
    /// quote only on the days its blend changed, so a row stands for the 14 days after it.
    public var carryForwardDays: Int { 14 }

    /// The blend's pegged rows are the pegs (`PegAnchor` overrides every institution for them).
    public var appliesPegs: Bool { true }

    /// `GET {root}rates?from=…&base=EUR&quotes=…` as NDJSON: only the question's currencies. The
    /// first rows may be dated before `start` (the blend carries the newest earlier observation
    /// forward), which is harmless.
    public func fetchHistory(since start: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure) -> RateHistory {
        let from = min(max(start, Self.firstDay), today)
        return try await range(from: from, to: nil, today: today, quotes: quotes)
    }

    /// `GET {root}rates?from=…&base=EUR` as NDJSON, every currency. The first row may be dated
    /// before `start` (the blend carries the newest earlier observation forward), which is harmless.
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        let from = min(max(start ?? Self.firstDay, Self.firstDay), today)
        return try await range(from: from, to: nil, today: today)
    }

    /// `GET {root}rates?from=…&to=…&base=EUR`: only the days a history lacks.
    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        let from = min(max(start, Self.firstDay), today)
        return try await range(from: from, to: max(from, min(end, today)), today: today)
    }

    /// `GET {root}rates?from=…&to=…&base=EUR&quotes=…`: only the older days a history lacks of
    /// the question's currencies.
    public func fetchHistory(from start: Day, through end: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure)
        -> RateHistory
    {
        let from = min(max(start, Self.firstDay), today)
        return try await range(from: from, to: max(from, min(end, today)), today: today, quotes: quotes)
    }

    /// `GET {root}rates?base=EUR&expand=providers`, conditionally when validators are held (the
    /// server sends an ETag): every quote's newest row and the institutions that made it.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let request = try endpoint.request(
            "rates", query: [URLQueryItem(name: "base", value: "EUR"), URLQueryItem(name: "expand", value: "providers")],
            validators: validators, maxBytes: 2 << 20, accept: "application/json")
        let outcome = try await get(request).map { body throws(FetchFailure) in
            try FrankfurterDecoder.latest(body, base: .eur, expanded: true)
        }
        guard case .fetched(let table, let validators) = outcome else { return outcome }
        return .fetched(await withPreciseMetals(table), validators)
    }

    /// XAU, XAG, XPT and XPD, priced per troy ounce.
    public static let metals = ["XAU", "XAG", "XPT", "XPD"].compactMap { CurrencyCode($0) }

    /// The blend rounds EUR→XAU to 6 decimals (0.000253: 3 digits, ±0.2%). Against gold the same
    /// prices carry 5–6 digits (XAU→EUR 3950.12), so the metals a table holds coarsely are asked
    /// once more, `rates?base=XAU&quotes=EUR,XAG,XPT,XPD`, and each becomes (metal per XAU) ÷
    /// (EUR per XAU). If that request fails the coarse rows stay, and are said to be coarse.
    private func withPreciseMetals(_ table: RateTable) async -> RateTable {
        let gold = Self.metals[0]
        let coarse = Self.metals.filter { table.coarse[$0] != nil }
        guard !coarse.isEmpty else { return table }
        guard
            let request = try? endpoint.request(
                "rates", query: Self.againstGold,
                maxBytes: 64 << 10, accept: "application/json"),
            let body = try? await get(request).value(),
            let perGold = try? FrankfurterDecoder.latest(body, base: gold),
            let eurPerGold = perGold.rates[.eur], perGold.coarse[.eur] == nil
        else { return table }
        var precise = table
        var rates = table.rates
        for metal in coarse {
            guard let units = metal == gold ? 1 : perGold.rates[metal], perGold.coarse[metal] == nil else { continue }
            rates[metal] = units / eurPerGold
            precise.coarse[metal] = nil
        }
        return RateTable(
            base: table.base, date: table.date, rates: rates, publishedAt: table.publishedAt, previous: table.previous,
            coarse: precise.coarse, rowDates: table.rowDates, contributors: table.contributors)
    }

    /// The blend has no single publication: it changes whenever one of its institutions publishes.
    /// The server's own `Cache-Control` holds the latest rates until the next UTC midnight (asking
    /// sooner gets the edge's copy), so that is when a newer table is due; after it, the service's
    /// recheck interval applies, with the ETag making each check a cheap 304.
    public func nextPublication(after day: Day) -> Date { day.adding(days: 1).startUTC }

    /// About 55 bytes a row and up to about 200 quotes a day, so 12 KiB per calendar day and at least 1 MiB.
    static func sizeLimit(days: Int) -> Int { max(1 << 20, days * (12 << 10)) }

    private func range(from: Day, to: Day?, today: Day, quotes: Set<CurrencyCode>? = nil) async throws(FetchFailure) -> RateHistory {
        var query = [URLQueryItem(name: "from", value: "\(from)")]
        if let to { query.append(URLQueryItem(name: "to", value: "\(to)")) }
        query.append(URLQueryItem(name: "base", value: "EUR"))
        // The base's own row (EUR/EUR 1) needs no asking; `quotes` with the base alone still
        // keeps the response to that one row a day.
        if let quotes {
            let asked = quotes.count > 1 ? quotes.subtracting([.eur]) : quotes
            query.append(URLQueryItem(name: "quotes", value: asked.map(\.rawValue).sorted().joined(separator: ",")))
        }
        let request = try endpoint.request(
            "rates", query: query, maxBytes: Self.sizeLimit(days: (to ?? today).ordinal - from.ordinal + 2),
            accept: "application/x-ndjson")
        let body = try await get(request).value()
        // Latest rows may be dated a day ahead of the service's day ("LATEST_FUTURE_DAYS = 1").
        let history = try FrankfurterDecoder.history(body, base: .eur, latest: today.adding(days: 1))
        return await withPreciseMetals(history, from: from, to: to, today: today)
    }

    func get(_ request: SourceRequest) async throws(FetchFailure) -> Fetched<Data> {
        try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody)
    }

    /// Errors come as `{"status":422,"message":"invalid currency: XXX"}`; a 422 or 503 carries a
    /// reason worth showing. A 404 stays `.httpStatus(404)`: for `rates` it means a wrong root
    /// (a v1 URL, or a server built before v2).
    static func errorBody(_ response: HTTPResponse) -> FetchFailure? {
        guard response.status == 422 || response.status == 503 else { return nil }
        return FrankfurterDecoder.errorMessage(response.body).map { .providerError($0) }
    }
}
