extension BankOfCanadaSource: HistorySource {
    /// The daily series began on 2017-01-03; the noon rates before it are another group.
    public var firstPublication: Day { Day(year: 2017, month: 1, day: 3)! }

    /// Valet starts exactly at `start_date`; a week back covers the longest closure (Christmas to New Year).
    public var lookBack: Int { 7 }

    /// `GET {base}observations/group/FX_RATES_DAILY/json?start_date=…&end_date=…`: every series of
    /// the group over the days asked (about 3 KiB a day, so the whole span since 2017 is ≈ 8 MiB).
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        try await observations(from: start ?? firstPublication, through: today, today: today)
    }

    /// Valet takes an end date, so a history that lacks only older days asks for just those.
    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        try await observations(from: start, through: end, today: today)
    }

    private func observations(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        // Nothing exists before the first publication: asking for it would only widen the answer.
        let from = min(max(start, firstPublication), today)
        let request = try endpoint.request(
            "observations/group/FX_RATES_DAILY/json",
            query: [URLQueryItem(name: "start_date", value: "\(from)"), URLQueryItem(name: "end_date", value: "\(max(from, end))")],
            maxBytes: Self.sizeLimit(days: end.ordinal - from.ordinal + 1))
        let body = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody).value()
        // `today` is Frankfurt's day; Toronto's is never ahead of it, so a later observation cannot be real.
        let observations = try ValetDecoder.observations(body, notAfter: today.adding(days: 1), digits: Self.historyDigits)
        let tables = observations.filter { !$0.rates.isEmpty }.map { RateTable(base: ValetDecoder.cad, date: $0.day, rates: $0.rates) }
        return RateHistory(base: ValetDecoder.cad, tables: tables)
    }

    /// The history file holds 19 significant digits: each inverse is cut there (not rounded, so that
    /// it stays at or below the true one, as `ValetDecoder.inverse` explains), 10¹⁴ times finer
    /// than the Bank's own rounding.
    static let historyDigits = 19

    /// About 3 KiB per calendar day for the group's 26 series, and at least 256 KiB.
    static func sizeLimit(days: Int) -> Int { max(256 << 10, days * (4 << 10)) }
}
