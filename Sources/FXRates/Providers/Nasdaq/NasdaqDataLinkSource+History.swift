extension NasdaqDataLinkSource: HistorySource {
    /// A dataset's rows start exactly at `start_date`; a week back reaches the publication in force.
    public var lookBack: Int { 7 }

    /// Every dataset's rows since `start` (all of them when nil), joined day by day as the latest table is.
    public func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        try await series(from: start, through: today, today: today)
    }

    /// The datasets take an end date, so a history lacking only older days asks for just those.
    public func fetchHistory(from start: Day, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        try await series(from: start, through: end, today: today)
    }

    /// One request per dataset, one at a time (a free key allows one call in flight).
    private func series(from start: Day?, through end: Day, today: Day) async throws(FetchFailure) -> RateHistory {
        guard let apiKey else { throw .missingKey(Self.keyVariable) }
        let ordered = try Self.plan(datasets).get()
        var series: [[NasdaqDecoder.Observation]] = []
        for dataset in ordered {
            do {
                series.append(try await rows(dataset, key: apiKey, from: start, through: end, latest: today.adding(days: 1)))
            } catch {
                throw Self.redacting(apiKey, from: error)
            }
        }
        return Self.history(ordered, series)
    }

    /// `GET {base}datasets/{DB}/{CODE}/data.json?api_key=…&start_date=…&end_date=…&order=asc`.
    /// An empty window (nothing published since) is no failure here: nothing new.
    private func rows(
        _ dataset: NasdaqDataset, key: String, from start: Day?, through end: Day, latest: Day
    ) async throws(FetchFailure) -> [NasdaqDecoder.Observation] {
        var query = "api_key=\(key.percentEncoded())"
        if let start { query += "&start_date=\(start)" }
        query += "&end_date=\(end)&order=asc"
        let request = try endpoint.request(
            "datasets/\(dataset.database)/\(dataset.code)/data.json", percentEncodedQuery: query, maxBytes: 16 << 20)
        do throws(FetchFailure) {
            let body = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: Self.errorBody, about: dataset.name)
                .value()
            return try NasdaqDecoder.observations(body, column: dataset.column, label: "\(dataset.base)/\(dataset.quote)", latest: latest)
        } catch {
            if case .noRates = error { return [] }
            throw error.about(dataset.name)
        }
    }

    /// Each day's table per 1 unit of the first dataset's base, linked as `combine` links the latest
    /// rates; a currency whose dataset has no row that day has no rate that day.
    static func history(_ datasets: [NasdaqDataset], _ series: [[NasdaqDecoder.Observation]]) -> RateHistory {
        let base = datasets[0].base
        var values: [Day: [Int: Decimal]] = [:]
        for (index, observations) in series.enumerated() {
            for observation in observations { values[observation.day, default: [:]][index] = observation.value }
        }
        let tables = values.map { day, byDataset in
            var rates: [CurrencyCode: Decimal] = [base: 1]
            for (index, dataset) in datasets.enumerated() {
                guard let value = byDataset[index] else { continue }
                // The history file keeps 19 significant digits; a quotient has more, a published value far fewer.
                if let perBase = rates[dataset.base] {
                    rates[dataset.quote] = (dataset.inverted ? perBase / value : perBase * value).rounded(significantDigits: 19)
                } else if let perQuote = rates[dataset.quote] {
                    rates[dataset.base] = (dataset.inverted ? perQuote * value : perQuote / value).rounded(significantDigits: 19)
                }
            }
            rates[base] = nil
            return RateTable(base: base, date: day, rates: rates)
        }
        return RateHistory(base: base, tables: tables.filter { !$0.rates.isEmpty })
    }
}
