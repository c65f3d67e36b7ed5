/// One institution's own series through Frankfurter v2 (`providers/{key}/rates`): its published
/// digits, each row dated by the day it takes effect, no blend and no pegs. The server echoes a
/// figure as published only to a request in the base of the row it stored: an institution quoting
/// units per pivot (HMRC) is asked in its pivot, one quoting pivot per unit (NBP) currency by
/// currency (`+OwnRows`).
public struct FrankfurterInstitutionSource: HistorySource, RateSource {
    public let institution: FrankfurterInstitution
    public var id: SourceID { institution.id }
    public var name: String { institution.name }
    let endpoint: SourceEndpoint
    let transport: any HTTPTransport

    public init(
        _ institution: FrankfurterInstitution, baseURL: URL = FrankfurterSource.defaultBaseURL, transport: any HTTPTransport,
        timeout: TimeInterval = 15
    ) {
        self.institution = institution
        self.endpoint = SourceEndpoint(baseURL: baseURL, timeout: timeout)
        self.transport = transport
    }

    var path: String { "providers/\(institution.key.lowercased())/rates" }
    private var base: URLQueryItem { URLQueryItem(name: "base", value: institution.pivot.rawValue) }

    /// Asked for a question's currencies, each in its own base, when the institution's rows are
    /// its pivot per unit.
    public var asksByCurrency: Bool { institution.quoting == .pivotPerUnit }

    /// `GET {root}providers/{key}/rates?base={pivot}`: the rows in force now, each with its own date.
    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        if institution.quoting == .pivotPerUnit { return try await latestOwnRows(validators: validators) }
        let request = try endpoint.request(path, query: [base], validators: validators, maxBytes: 1 << 20, accept: "application/json")
        return try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: FrankfurterSource.errorBody).map {
            body throws(FetchFailure) in try FrankfurterDecoder.latest(body, base: institution.pivot)
        }
    }

    public func nextPublication(after day: Day) -> Date { institution.nextPublication(after: day) }

    /// Said with every answer: "HMRC monthly rate for November 2026".
    public func basis(of codes: [CurrencyCode], in table: RateTable) -> String? { institution.basis(on: table.date(of: codes)) }

    public var firstPublication: Day { institution.firstDay }

    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        try await history(from: start ?? firstPublication, to: nil, today: today, quotes: nil)
    }

    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        try await history(from: start, to: end, today: today, quotes: nil)
    }

    public func fetchHistory(since start: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure) -> RateHistory {
        try await history(from: start, to: nil, today: today, quotes: quotes)
    }

    public func fetchHistory(from start: Day, through end: Day, today: Day, quotes: Set<CurrencyCode>) async throws(FetchFailure)
        -> RateHistory
    {
        try await history(from: start, to: end, today: today, quotes: quotes)
    }

    /// `quotes`' figures (every currency's when nil) from `start` through `end` (the latest when nil):
    /// the pivot's whole table for an institution quoting units per pivot.
    private func history(from start: Day, to end: Day?, today: Day, quotes: Set<CurrencyCode>?) async throws(FetchFailure)
        -> RateHistory
    {
        let from = min(max(start, firstPublication), today)
        let to = end.map { max(from, $0) }
        if institution.quoting == .pivotPerUnit { return try await ownRows(from: from, to: to, today: today, quotes: quotes) }
        return try await range(from: from, to: to, today: today)
    }

    /// `GET {root}providers/{key}/rates?from=…&to=…&base={pivot}` as NDJSON: one row per published
    /// value, no daily fill (a monthly rate is one row dated the 1st). HMRC's next month appears
    /// up to a month ahead, so rows up to 40 days after today are taken.
    private func range(from: Day, to: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        try await range(from: from, to: to, today: today, base: institution.pivot, quotes: nil)
    }

    /// `GET {root}providers/{key}/rates?from=…[&to=…]&base=…[&quotes=…]` as NDJSON, rows against `base`.
    func range(from: Day, to: Day?, today: Day, base: CurrencyCode, quotes: CurrencyCode?) async throws(FetchFailure) -> RateHistory {
        var query = [URLQueryItem(name: "from", value: "\(from)")]
        if let to { query.append(URLQueryItem(name: "to", value: "\(to)")) }
        query.append(URLQueryItem(name: "base", value: base.rawValue))
        if let quotes { query.append(URLQueryItem(name: "quotes", value: quotes.rawValue)) }
        let request = try endpoint.request(
            path, query: query, maxBytes: FrankfurterSource.sizeLimit(days: (to ?? today).ordinal - from.ordinal + 2),
            accept: "application/x-ndjson")
        let body = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: FrankfurterSource.errorBody).value()
        return try FrankfurterDecoder.history(body, base: base, latest: today.adding(days: 40))
    }
}

extension FrankfurterInstitutionSource {
    /// The institution as fx lists it: off unless asked for (`--source hmrc`, or enabled in the
    /// config), read through Frankfurter's root (`FX_FRANKFURTER_URL` unless its own variable is set).
    public static func description(_ institution: FrankfurterInstitution) -> SourceDescription {
        SourceDescription(
            id: institution.id, name: institution.name, quoting: .currency(institution.pivot),
            defaultURL: FrankfurterSource.defaultBaseURL, onByDefault: false, relayedBy: .frankfurter,
            capabilities: SourceCapabilities(
                history: .ranges, frequency: .perSeries, calendar: "\(institution.cadence.rawValue), \(institution.about)",
                precision: .perSeries),
            make: { context in
                FrankfurterInstitutionSource(institution, baseURL: context.url, transport: context.transport, timeout: context.timeout)
            },
            history: { latest, _ in latest as? FrankfurterInstitutionSource })
    }

    public static let hmrc = description(.hmrc)
    public static let ust = description(.ust)
    public static let nbp = description(.nbp)
}
