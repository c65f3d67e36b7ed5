extension SourceID {
    public static let nasdaq = SourceID("nasdaq")
}

/// One time series that holds an exchange rate. Which datasets to use is configuration: the
/// free FX databases (ECB, FRED, CURRFX) are retired or stale, so none is built in.
public struct NasdaqDataset: Sendable, Equatable {
    public let database: String
    public let code: String
    public let base: CurrencyCode
    public let quote: CurrencyCode
    /// False: a value is units of `quote` per 1 `base` (ECB/EURUSD: USD per EUR).
    /// True: units of `base` per 1 `quote`.
    public let inverted: Bool
    /// The column holding the rate; nil when the dataset has only one after Date.
    public let column: String?

    /// Nil for codes that are not plain `[A-Za-z0-9_]` (they become URL path segments) or a pair of one currency.
    public init?(database: String, code: String, base: CurrencyCode, quote: CurrencyCode, inverted: Bool = false, column: String? = nil) {
        func plain(_ text: String) -> Bool {
            !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
        guard plain(database), plain(code), base != quote else { return nil }
        (self.database, self.code, self.base, self.quote, self.inverted, self.column) = (database, code, base, quote, inverted, column)
    }

    public var name: String { "\(database)/\(code)" }
}

/// Nasdaq Data Link's (formerly Quandl's) time-series API: one request per configured dataset,
/// combined into one table based on the first dataset's `base`.
public struct NasdaqDataLinkSource: RateSource {
    public static let defaultBaseURL = URL(string: "https://data.nasdaq.com/api/v3/")!
    public static let keyVariable = "FX_NASDAQ_API_KEY"

    public let id = SourceID.nasdaq
    public var name: String { Self.about.name }
    let endpoint: SourceEndpoint
    let apiKey: String?
    let datasets: [NasdaqDataset]
    let transport: any HTTPTransport
    private let clock: any WallClock

    public init(
        baseURL: URL = NasdaqDataLinkSource.defaultBaseURL, apiKey: String?, datasets: [NasdaqDataset],
        transport: any HTTPTransport, clock: any WallClock = SystemClock(), timeout: TimeInterval = 15
    ) {
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.datasets = datasets
        self.transport = transport
        self.clock = clock
    }

    /// The datasets in the order they join the table: each must link a new currency to one
    /// already priced (the first dataset's base to begin with). Checked before any request; public
    /// so that settings can warn about a configuration that can never work.
    public static func plan(_ datasets: [NasdaqDataset]) -> Result<[NasdaqDataset], FetchFailure> {
        guard let first = datasets.first else { return .failure(.notConfigured("datasets")) }
        var priced: Set<CurrencyCode> = [first.base], ordered: [NasdaqDataset] = [], pending = datasets
        while !pending.isEmpty {
            guard let next = pending.firstIndex(where: { priced.contains($0.base) || priced.contains($0.quote) }) else {
                let names = pending.map { "\($0.name) (\($0.base)/\($0.quote))" }.joined(separator: ", ")
                return .failure(.malformed("datasets \(names) share no currency with \(first.base) or those linked to it"))
            }
            let dataset = pending.remove(at: next)
            // One side is priced already; the other must be new.
            guard priced.insert(dataset.base).inserted || priced.insert(dataset.quote).inserted else {
                return .failure(.malformed("dataset \(dataset.name) prices \(dataset.base)/\(dataset.quote) a second time"))
            }
            ordered.append(dataset)
        }
        return .success(ordered)
    }

    /// `GET {base}datasets/{DB}/{CODE}/data.json?api_key=…&limit=2` per dataset, one at a time
    /// (a free key allows one call in flight). The second row gives the previous rates. A dataset
    /// that fails leaves out its currency and those linked through it (`PartialFetch`).
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        guard let apiKey else { throw .missingKey(Self.keyVariable) }
        let ordered = try Self.plan(datasets).get()
        // Rows dated after tomorrow (UTC) cannot be real, whatever the clock's zone.
        let latest = Day(utc: clock.now()).adding(days: 1)
        let series: [Result<[NasdaqDecoder.Observation], FetchFailure>]
        do throws(FetchFailure) {
            series = try await PartialFetch.oneByOne(ordered) { dataset throws(FetchFailure) in
                try await observations(dataset, key: apiKey, latest: latest)
            }
        } catch {
            throw Self.redacting(apiKey, from: error)
        }
        let (table, gaps) = Self.combine(ordered, series.map { $0.mapError { Self.redacting(apiKey, from: $0) } })
        try PartialFetch.keep(gaps, answered: table != nil)
        guard let table else { throw .noRates }
        // No validators: the answer is several requests, none of them conditional.
        return .fetched(table, Validators())
    }

    /// Weekends have no rates in any FX dataset; without knowing whose holidays apply,
    /// the next weekday's start (UTC) is the earliest a newer row can exist.
    public func nextPublication(after day: Day) -> Date {
        var next = day.adding(days: 1)
        while next.weekday > 5 { next = next.adding(days: 1) }
        return next.startUTC
    }

    /// Rates per 1 unit of the first dataset's base. Each dataset's value v links a new currency
    /// to a priced one: quote per base is v, or 1/v when inverted. The table's date is the
    /// oldest latest row, so no rate is claimed newer than it is; likewise for the previous rates.
    /// Divisions are Decimal's (38 significant digits, the last rounded); products of rates are exact.
    /// A dataset that failed prices nothing, nor do those linked only through it: each currency
    /// left so is a gap, with the failure of the dataset that would have priced it. Nil when
    /// nothing is priced.
    static func combine(
        _ datasets: [NasdaqDataset], _ series: [Result<[NasdaqDecoder.Observation], FetchFailure>]
    ) -> (table: RateTable?, gaps: [PriceGap]) {
        let base = datasets[0].base
        func link(_ rates: inout [CurrencyCode: Decimal], _ dataset: NasdaqDataset, _ value: Decimal) {
            // A product of a quotient can carry 39 digits, which no cache reader accepts back: 38 it is.
            if let perBase = rates[dataset.base] {
                rates[dataset.quote] = (dataset.inverted ? perBase / value : perBase * value).rounded(significantDigits: 38)
            } else if let perQuote = rates[dataset.quote] {
                rates[dataset.base] = (dataset.inverted ? perQuote * value : perQuote / value).rounded(significantDigits: 38)
            }
        }
        var rates: [CurrencyCode: Decimal] = [base: 1], previous: [CurrencyCode: Decimal] = [base: 1]
        // In the plan's order each dataset brings one new currency, linked to one reached before.
        var reached: Set<CurrencyCode> = [base], failed: [CurrencyCode: FetchFailure] = [:], gaps: [PriceGap] = []
        var answered: [[NasdaqDecoder.Observation]] = []
        for (dataset, result) in zip(datasets, series) {
            let new = reached.contains(dataset.base) ? dataset.quote : dataset.base
            let through = new == dataset.base ? dataset.quote : dataset.base
            reached.insert(new)
            // Its own failure, else that of the dataset it links through.
            let observations: [NasdaqDecoder.Observation]
            switch (result, failed[through]) {
            case (.success(let answer), nil): observations = answer
            case (.failure(let failure), _), (.success, let failure?):
                failed[new] = failure
                gaps.append(PriceGap(new, failure))
                continue
            }
            answered.append(observations)
            link(&rates, dataset, observations[0].value)
            // Currencies linked through one without a previous value get none either.
            if observations.count > 1 { link(&previous, dataset, observations[1].value) }
        }
        rates[base] = nil
        previous[base] = nil
        guard let day = answered.map({ $0[0].day }).min(), !rates.isEmpty else { return (nil, gaps) }
        let previousDays = answered.compactMap { $0.count > 1 ? $0[1].day : nil }
        let earlier = previous.isEmpty ? nil : PreviousRates(date: previousDays.min()!, rates: previous)
        return (RateTable(base: base, date: day, rates: rates, previous: earlier), gaps)
    }

    private func observations(
        _ dataset: NasdaqDataset, key: String,
        latest: Day
    ) async throws(FetchFailure) -> [NasdaqDecoder.Observation] {
        // Encoded by hand: URLComponents leaves `&`, `=` and `+` in a value as they are.
        // `limit=2` keeps answers tiny; a server ignoring it sends a few thousand rows at most.
        let request = try endpoint.request(
            "datasets/\(dataset.database)/\(dataset.code)/data.json",
            percentEncodedQuery: "api_key=\(key.percentEncoded())&limit=2", maxBytes: 512 << 10)
        // The dataset named in a provider error, whose own words do not say which one failed.
        let body = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody, about: dataset.name)
            .value()
        let label = "\(dataset.base)/\(dataset.quote)"
        do throws(FetchFailure) {
            return try NasdaqDecoder.observations(body, column: dataset.column, label: label, latest: latest)
        } catch {
            throw error.about(dataset.name)
        }
    }

    /// An error envelope (`{"quandl_error":…}`) says more than a status other than 200; one that
    /// comes with 200 is read by the decoder.
    static func errorBody(_ response: HTTPResponse) -> FetchFailure? {
        response.status == 200 ? nil : NasdaqDecoder.errorEnvelope(response.body)
    }

    /// The key travels in the URL, so any text that might echo it (a transport message quoting
    /// the URL, a provider message) has it replaced, raw and percent-encoded.
    public static func redacting(_ key: String, from failure: FetchFailure) -> FetchFailure {
        let forms = Set([key, key.percentEncoded(), key.percentEncoded(keeping: PercentEncoding.isAlphanumeric)])
        func scrub(_ text: String) -> String {
            var clean = forms.reduce(text) { $0.replacingCaseInsensitive($1, with: "[key]") }
            // A message shortened to 100 characters may end in the first part of a key.
            if clean.hasSuffix("…") {
                let body = clean.dropLast()
                for form in forms {
                    for length in stride(from: form.count - 1, through: 4, by: -1)
                    where body.lowercased().hasSuffix(form.prefix(length).lowercased()) {
                        clean = String(body.dropLast(length)) + "[key]…"
                        return clean
                    }
                }
            }
            return clean
        }
        return failure.mappingTexts(scrub)
    }
}
