extension SourceID {
    public static let coinbase = SourceID("coinbase")
}

/// Coinbase's public price API (api.coinbase.com/v2): the spot price of each asset in USD, now
/// or on a past UTC day (`?date=`). No key; no timestamp in the answer, so a price is dated by
/// the instant fx received it. One request per asset: the `exchange-rates` table that answers
/// all at once rounds each rate to its currency's minor unit (BTC per USD to 8 decimals, 4 digits).
public struct CoinbaseSource: RateSource, HistorySource {
    public static let defaultBaseURL = URL(string: "https://api.coinbase.com/v2/")!
    static let usd = CurrencyCode("USD")!
    /// Its daily prices go back to Bitcoin's listing there.
    public static let firstDay = Day(year: 2015, month: 1, day: 1)!
    /// At most this many days are asked for in one history request (one request per asset and day).
    static let longestSpan = 7

    public let id = SourceID.coinbase
    public var name: String { Self.about.name }
    public var pricesMove: Bool { true }
    public var firstPublication: Day { Self.firstDay }
    public var quotesAssets: Bool { true }
    public var answersOnlyWhenNamed: Bool { true }
    private let endpoint: SourceEndpoint
    private let setting: ExchangeSetting
    private let transport: any HTTPTransport
    private let clock: any WallClock

    public init(
        baseURL: URL = CoinbaseSource.defaultBaseURL, setting: ExchangeSetting = ExchangeSetting(), transport: any HTTPTransport,
        clock: any WallClock = SystemClock(), timeout: TimeInterval = 15
    ) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        (self.setting, self.transport, self.clock) = (setting, transport, clock)
    }

    /// The assets asked for: the catalog's unless the setting chooses.
    private var assets: [CurrencyCode] { setting.assets(leavingOut: [Self.usd]) }

    /// `GET {base}prices/{ASSET}-USD/spot` for each asset, all at once: one table in USD, taken now.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let prices = try await spots(on: nil)
        let now = clock.now()
        let taken = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        return .fetched(Self.table(prices, day: Day(utc: taken), publishedAt: taken), Validators())
    }

    /// The one day `start` (Coinbase answers a day at a time); today's price is not a day's yet.
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        let day = start ?? today.adding(days: -1)
        return try await fetchHistory(from: day, through: day, today: today)
    }

    /// `GET …/spot?date=YYYY-MM-DD` for each asset and day from `start` through `end`, at most
    /// `longestSpan` days, none after yesterday (UTC).
    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        let yesterday = Day(utc: clock.now()).adding(days: -1)
        let last = min(end, yesterday, start.adding(days: Self.longestSpan - 1))
        guard start <= last else { throw .noRates }
        var tables: [RateTable] = []
        var day = start
        while day <= last {
            tables.append(Self.table(try await spots(on: day), day: day, publishedAt: nil))
            day = day.adding(days: 1)
        }
        return RateHistory(base: Self.usd, tables: tables)
    }

    /// A day's price stands once the day is over.
    public func nextPublication(after day: Day) -> Date { day.adding(days: 2).startUTC }

    /// A price taken at an instant is superseded the setting's `fresh` seconds later.
    public func nextPublication(after table: RateTable) -> Date {
        setting.due(after: table) ?? nextPublication(after: table.date)
    }

    /// Units of each asset per USD: 1 ÷ its price (38 digits); the published digits decide coarseness.
    static func table(_ prices: [(CurrencyCode, Decimal, String)], day: Day, publishedAt: Date?) -> RateTable {
        var rates: [CurrencyCode: Decimal] = [:], coarse: [CurrencyCode: Int] = [:]
        for (asset, price, text) in prices {
            // A day's price goes to the history file, which keeps 19 significant digits.
            rates[asset] = publishedAt == nil ? HistoryDigits.storable(1 / price) : 1 / price
            if let digits = RatePrecision.significand(of: text), digits < 1000 { coarse[asset] = Int(digits) }
        }
        return RateTable(base: usd, date: day, rates: rates, publishedAt: publishedAt, coarse: coarse)
    }

    /// Every asset's spot price, now or on `day`, asked at once. Now, an asset that failed is left
    /// out and said (`PartialFetch`); a day's prices go to the history, which must hold every
    /// asset of the days it keeps, so there the first failure (in asset order) is thrown.
    private func spots(on day: Day?) async throws(FetchFailure) -> [(CurrencyCode, Decimal, String)] {
        let assets = self.assets
        guard !assets.isEmpty else { throw .noRates }
        var requests: [SourceRequest] = []
        for asset in assets {
            let query = day.map { [URLQueryItem(name: "date", value: $0.description)] } ?? []
            requests.append(try endpoint.request("prices/\(asset)-USD/spot", query: query, maxBytes: 16 << 10))
        }
        let transport = self.transport
        let answers = await PartialFetch.all(Array(zip(assets, requests))) { asset, request throws(FetchFailure) in
            let body = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody).value()
            return try CoinbaseDecoder.spot(body, base: asset, quote: Self.usd)
        }
        let priced = Array(zip(assets, answers))
        guard day == nil else {
            return try priced.map { asset, answer throws(FetchFailure) in
                switch answer {
                case .success(let (price, text)): return (asset, price, text)
                // A day's prices are asked whole: one asset's failure is the fetch's, named.
                case .failure(let failure): throw failure.about(asset.rawValue)
                }
            }
        }
        return try PartialFetch.kept(priced.map { (code: $0, result: $1) }).map { ($0.code, $0.value.price, $0.value.text) }
    }

    /// Coinbase's errors carry their status (404 `not_found`, 429 `rate_limit_exceeded`) and a reason worth showing.
    static func errorBody(_ response: HTTPResponse) -> FetchFailure? {
        guard response.status != 200, let text = CoinbaseDecoder.errorText(response.body) else { return nil }
        return response.status == 429 ? .throttled(status: 429, retryAfter: .seconds(60)) : .providerError(text)
    }
}
