extension SourceID {
    public static let kraken = SourceID("kraken")
}

/// Kraken's public REST API (api.kraken.com/0/public): the last trade of each asset in EUR from
/// one `Ticker` request, and daily closes from `OHLC` (one request per market, up to 720 candles,
/// the most recent only). No key; no timestamp in a Ticker answer, so a price is dated by the
/// instant fx received it. USD comes along from Kraken's EUR/USD market.
public struct KrakenSource: RateSource, HistorySource {
    public static let defaultBaseURL = URL(string: "https://api.kraken.com/0/public/")!
    /// Kraken opened in September 2013; its OHLC reaches back 720 candles at most.
    public static let firstDay = Day(year: 2013, month: 9, day: 10)!
    /// Candles per OHLC answer at most; a full page may have more after it.
    static let pageSize = 720
    /// Pages asked at most for one market (ten pages are 20 years of days).
    static let maxPages = 10
    static let day: Int = 86_400

    public let id = SourceID.kraken
    public var name: String { Self.about.name }
    public var pricesMove: Bool { true }
    public var firstPublication: Day { Self.firstDay }
    public var quotesAssets: Bool { true }
    private let endpoint: SourceEndpoint
    private let setting: ExchangeSetting
    private let transport: any HTTPTransport
    private let clock: any WallClock

    public init(
        baseURL: URL = KrakenSource.defaultBaseURL, setting: ExchangeSetting = ExchangeSetting(), transport: any HTTPTransport,
        clock: any WallClock = SystemClock(), timeout: TimeInterval = 15
    ) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        (self.setting, self.transport, self.clock) = (setting, transport, clock)
    }

    /// The markets asked: each asset's in EUR (the catalog's unless the setting chooses), then EUR/USD.
    private var pairs: [KrakenPair] { KrakenPair.all(setting.assets(leavingOut: [.eur, KrakenPair.usd.code])) }

    /// `GET {base}Ticker?pair=XBTEUR,ETHEUR,…,EURUSD`: one table in EUR, taken now, with today's
    /// opens (the previous day's closes) as the previous rates. A market the answer leaves out,
    /// or prices unusably, is left out of the table and said (`PartialFetch`).
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let pairs = self.pairs
        let answers: [Result<KrakenDecoder.Quote, FetchFailure>]
        do throws(FetchFailure) {
            answers = try await ticker(pairs)
        } catch  where pairs.count > 1 && error == KrakenDecoder.failure(KrakenDecoder.unknownPair) {
            // Kraken refuses a whole request for one pair it does not know, without naming it:
            // each market is asked alone (one at a time, as its limits ask), to keep the others.
            answers = try await PartialFetch.oneByOne(pairs) { pair throws(FetchFailure) in try await ticker([pair])[0].get() }
        }
        let quotes = try PartialFetch.kept(zip(pairs, answers).map { (code: $0.code, result: $1) }).map(\.value)
        let taken = Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down))
        let today = Day(utc: taken)
        var rates: [CurrencyCode: Decimal] = [:], opens: [CurrencyCode: Decimal] = [:], coarse: [CurrencyCode: Int] = [:]
        for (pair, last, open) in quotes {
            rates[pair.code] = pair.rate(last.value)
            if let open { opens[pair.code] = pair.rate(open.value) }
            if let digits = RatePrecision.significand(of: last.text), digits < 1000 { coarse[pair.code] = Int(digits) }
        }
        let previous = opens.count == rates.count ? PreviousRates(date: today.adding(days: -1), rates: opens) : nil
        return .fetched(
            RateTable(base: .eur, date: today, rates: rates, publishedAt: taken, previous: previous, coarse: coarse), Validators())
    }

    /// One `Ticker` request for `pairs`: each one's quote, or why it has none.
    private func ticker(_ pairs: [KrakenPair]) async throws(FetchFailure) -> [Result<KrakenDecoder.Quote, FetchFailure>] {
        let request = try endpoint.request(
            "Ticker", query: [URLQueryItem(name: "pair", value: pairs.map(\.name).joined(separator: ","))],
            maxBytes: max(64 << 10, pairs.count * (4 << 10)))
        return try KrakenDecoder.ticker(try await get(request), pairs: pairs)
    }

    /// Every committed daily close since `start` (all Kraken keeps when nil), for every market.
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        try await fetchHistory(from: start ?? Self.firstDay, through: nil)
    }

    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        try await fetchHistory(from: start, through: end)
    }

    private func fetchHistory(from start: Day, through end: Day?) async throws(FetchFailure) -> RateHistory {
        var closes: [Day: [CurrencyCode: Decimal]] = [:]
        for pair in pairs {
            for candle in try await candles(pair, since: start) {
                let day = Day(utc: Date(timeIntervalSince1970: TimeInterval(candle.time)))
                guard day >= start, end.map({ day <= $0 }) ?? true else { continue }
                closes[day, default: [:]][pair.code] = HistoryDigits.storable(pair.rate(candle.close.value))
            }
        }
        let days = closes.keys.sorted()
        var columns: [CurrencyCode: [Decimal?]] = [:]
        for (index, day) in days.enumerated() {
            for (code, rate) in closes[day]! { columns[code, default: Array(repeating: nil, count: days.count)][index] = rate }
        }
        return RateHistory(base: .eur, days: days, columns: columns)
    }

    /// `GET {base}OHLC?pair=XBTEUR&interval=1440&since=…`, page after page while a page is full:
    /// each next page starts at the previous one's `last`. `since` may be inclusive, so candles
    /// are kept once by time. The candle still open (after `last`) is never a close.
    private func candles(_ pair: KrakenPair, since start: Day) async throws(FetchFailure) -> [KrakenDecoder.Candle] {
        var since = Int(start.startUTC.timeIntervalSince1970) - Self.day
        var byTime: [Int: KrakenDecoder.Candle] = [:]
        for _ in 0..<Self.maxPages {
            let request = try endpoint.request(
                "OHLC",
                query: [
                    URLQueryItem(name: "pair", value: pair.name), URLQueryItem(name: "interval", value: "1440"),
                    URLQueryItem(name: "since", value: String(since)),
                ], maxBytes: 256 << 10)
            let page = try KrakenDecoder.ohlc(try await get(request), pair: pair)
            for candle in page.candles { byTime[candle.time] = candle }
            guard page.rows >= Self.pageSize, page.last > since else { break }
            since = page.last
        }
        return byTime.keys.sorted().map { byTime[$0]! }
    }

    /// A daily close stands once its day is over: the candle of `day + 1` closes at the start of `day + 2` (UTC).
    public func nextPublication(after day: Day) -> Date { day.adding(days: 2).startUTC }

    /// A price taken at an instant is superseded the setting's `fresh` seconds later.
    public func nextPublication(after table: RateTable) -> Date {
        setting.due(after: table) ?? nextPublication(after: table.date)
    }

    private func get(_ request: SourceRequest) async throws(FetchFailure) -> Data {
        try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody).value()
    }

    /// Kraken's errors come inside an HTTP 200, read by the decoder; other statuses speak for themselves.
    static func errorBody(_ response: HTTPResponse) -> FetchFailure? { nil }
}
