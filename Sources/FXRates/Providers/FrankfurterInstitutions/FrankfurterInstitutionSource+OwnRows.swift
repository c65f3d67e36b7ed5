/// An institution whose figures are its pivot per unit (NBP: PLN per USD, stored by Frankfurter as
/// `{base: "USD", quote: "PLN"}`): asked in the pivot's base, the server would rebase each row by
/// float division and round it to 5 places (1 ÷ 3.9764 = 0.25148, whose inverse is 3.9765, not
/// NBP's figure), so each currency is asked in its own base (`base=USD&quotes=PLN`), which echoes
/// the figure as published, and held as its exact inverse (`PublishedInverse`), whose own inverse
/// rounded to the published places is the figure again; a cross is the ratio of two such rows.
extension FrankfurterInstitutionSource {
    /// Requests in flight at once, each a run of fx's helper.
    static let concurrentRequests = 4

    /// The figures of `quotes` (every currency the institution publishes when nil) from `from`
    /// through `to` (the latest when nil), one request per currency, against the pivot. A currency
    /// the institution does not publish over those days is answered with no rows, and is left out.
    func ownRows(from: Day, to: Day?, today: Day, quotes: Set<CurrencyCode>?) async throws(FetchFailure) -> RateHistory {
        let pivot = institution.pivot
        // Which days, and which currencies: the pivot's own table, whose figures are rebased and
        // rounded by the server, so read for nothing else.
        func listing() async throws(FetchFailure) -> RateHistory {
            try await range(from: from, to: to, today: today, base: pivot, quotes: nil)
        }
        let asked = quotes.map { $0.subtracting([pivot]).sorted() }
        var table: RateHistory?
        if asked?.isEmpty ?? true { table = try await listing() }
        let rows = try await each(asked ?? table?.columns.keys.sorted() ?? []) { source, code throws(FetchFailure) -> RateHistory? in
            do throws(FetchFailure) {
                return try await source.range(from: from, to: to, today: today, base: code, quotes: pivot)
            } catch .emptyBody, .noRates {
                return nil
            }
        }
        var figures: [CurrencyCode: [Day: Decimal]] = [:]
        for case (let code, let history?) in rows {
            for (index, day) in history.days.enumerated() {
                guard let figure = history.rate(pivot, at: index) else { continue }
                figures[code, default: [:]][day] = try Self.unitsPerPivot(figure, code, digits: Self.historyDigits)
            }
        }
        // No currency asked has a row: the pivot's table says whether the institution published
        // at all over those days (a server answering nothing is an error, not a currency it lacks).
        if figures.isEmpty, table == nil { table = try await listing() }
        let days = Set(table?.days ?? []).union(figures.values.flatMap(\.keys)).sorted()
        guard !days.isEmpty else { throw .noRates }
        return RateHistory(base: pivot, days: days, columns: figures.mapValues { byDay in days.map { byDay[$0] } })
    }

    /// The latest table: the currencies from one request in the pivot's base (conditional on the
    /// validators held: unchanged, so are its figures), then each currency's own figure.
    func latestOwnRows(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let pivot = institution.pivot
        let request = try endpoint.request(
            path, query: [URLQueryItem(name: "base", value: pivot.rawValue)], validators: validators, maxBytes: 1 << 20,
            accept: "application/json")
        let answer = try await SourceFetch.get(request, expecting: .json, over: transport, errorBody: FrankfurterSource.errorBody)
        guard case .fetched(let body, let newValidators) = answer else { return .notModified }
        let listing = try FrankfurterDecoder.latest(body, base: pivot)
        let rows = try await each(listing.rates.keys.sorted()) { source, code throws(FetchFailure) in
            let request = try source.endpoint.request(
                source.path,
                query: [URLQueryItem(name: "base", value: code.rawValue), URLQueryItem(name: "quotes", value: pivot.rawValue)],
                maxBytes: 64 << 10, accept: "application/json")
            let body = try await SourceFetch.get(request, expecting: .json, over: source.transport, errorBody: FrankfurterSource.errorBody)
                .value()
            return try FrankfurterDecoder.latest(body, base: code)
        }
        // No figure is said to be coarse: the server writes 0.0830 as 0.083, so its digits are not
        // the institution's, and the figure is the rate the institution defines, not a rounding of one.
        var rates: [CurrencyCode: Decimal] = [:], dates: [CurrencyCode: Day] = [:]
        for (code, row) in rows {
            guard let figure = row.rates[pivot] else { throw .malformed("no \(pivot) row for \(code)") }
            rates[code] = try Self.unitsPerPivot(figure, code, digits: 38)
            dates[code] = row.date(of: pivot)
        }
        guard let newest = dates.values.max() else { throw .noRates }
        return .fetched(RateTable(base: pivot, date: newest, rates: rates, rowDates: dates.filter { $0.value != newest }), newValidators)
    }

    /// The history file holds 19 significant digits: each inverse is cut there, as the Bank of Canada's.
    static let historyDigits = 19

    /// Units of `code` per pivot from the institution's figure, pivot per unit.
    static func unitsPerPivot(_ figure: Decimal, _ code: CurrencyCode, digits: Int) throws(FetchFailure) -> Decimal {
        let text = DecimalFormat.plain(figure)
        guard let inverse = PublishedInverse.of(text, digits: digits) else { throw .invalidRate(currency: code.rawValue, value: text) }
        return inverse
    }

    /// `fetch` for each currency, a few at a time, in the order given; the first failure ends the
    /// fetch, and no request is started after it (a stalled server costs one deadline, not one per currency).
    func each<Value: Sendable>(
        _ codes: [CurrencyCode], _ fetch: @escaping @Sendable (Self, CurrencyCode) async throws(FetchFailure) -> Value
    ) async throws(FetchFailure) -> [(CurrencyCode, Value)] {
        let source = self
        let answers = await withTaskGroup(of: (Int, Result<Value, FetchFailure>).self) { group in
            var answers = [Result<Value, FetchFailure>?](repeating: nil, count: codes.count)
            var next = 0, failed = false
            func start() -> Bool {
                guard next < codes.count, !failed else { return false }
                let index = next
                next += 1
                group.addTask {
                    do throws(FetchFailure) { return (index, .success(try await fetch(source, codes[index]))) } catch {
                        return (index, .failure(error))
                    }
                }
                return true
            }
            while next < Self.concurrentRequests, start() {}
            for await (index, answer) in group {
                answers[index] = answer
                if case .failure = answer { failed = true }
                _ = start()
            }
            return answers
        }
        var values: [(CurrencyCode, Value)] = []
        for (index, answer) in answers.enumerated() {
            guard let answer else { continue }
            values.append((codes[index], try answer.get()))
        }
        return values
    }
}
