extension FrankfurterSource {
    /// The blend rounds a rate below 1 to 5 decimals, below 0.0001 to 6 (its `Roundable`): below
    /// 0.001 that leaves 3 digits or fewer (EUR→XAU 0.000253). A rate with more places than that
    /// was not sent so (a metal made precise through gold, below) and is not coarse.
    public func coarseSignificand(of rate: Decimal) -> Int? {
        guard rate > 0, rate < Decimal(sign: .plus, exponent: -3, significand: 1) else { return nil }
        let places: Int16 = rate > Decimal(sign: .plus, exponent: -4, significand: 1) ? 5 : 6
        let scaled = rate * Decimal(sign: .plus, exponent: Int(places), significand: 1)
        guard scaled == scaled.rounded(scale: 0), let digits = RatePrecision.significand(of: "\(scaled)").flatMap({ Int(exactly: $0) })
        else { return nil }
        return RatePrecision.digits(digits) < RatePrecision.enough ? digits : nil
    }

    /// `base=XAU&quotes=EUR,XAG,XPT,XPD`: the metals against gold, whose prices carry 5–6 digits
    /// where the blend's euro rows of them carry 2–3; asked for the latest table and for ranges alike.
    static let againstGold = [
        URLQueryItem(name: "base", value: metals[0].rawValue),
        URLQueryItem(name: "quotes", value: ([CurrencyCode.eur] + metals.dropFirst()).map(\.rawValue).joined(separator: ",")),
    ]

    /// A range's metals, coarse against the euro (6 decimals), made precise as the latest table's
    /// are: the same days asked against gold (`base=XAU&quotes=EUR,XAG,XPT,XPD`), whose prices carry
    /// 5–6 digits, each metal becoming (metal per XAU) ÷ (EUR per XAU) on each day both hold. A day
    /// the gold request lacks, or a failed request, keeps the blend's row, said coarse when used.
    func withPreciseMetals(_ history: RateHistory, from: Day, to: Day?, today: Day) async -> RateHistory {
        let gold = Self.metals[0]
        let held = Self.metals.filter { history.columns[$0] != nil }
        guard !held.isEmpty else { return history }
        var query = [URLQueryItem(name: "from", value: "\(from)")]
        if let to { query.append(URLQueryItem(name: "to", value: "\(to)")) }
        query += Self.againstGold
        guard
            let request = try? endpoint.request(
                "rates", query: query, maxBytes: Self.sizeLimit(days: (to ?? today).ordinal - from.ordinal + 2),
                accept: "application/x-ndjson"),
            let body = try? await get(request).value(),
            let perGold = try? FrankfurterDecoder.history(body, base: gold, latest: today.adding(days: 1))
        else { return history }
        var columns = history.columns
        let goldDays = Dictionary(perGold.days.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for metal in held {
            guard var column = columns[metal] else { continue }
            for (index, day) in history.days.enumerated() where column[index] != nil {
                guard let at = goldDays[day], let eurPerGold = perGold.rate(.eur, at: at), !eurPerGold.isZero,
                    let units = perGold.rate(metal, at: at)
                else { continue }
                column[index] = units / eurPerGold
            }
            columns[metal] = column
        }
        return RateHistory(base: history.base, days: history.days, columns: columns)
    }
}
