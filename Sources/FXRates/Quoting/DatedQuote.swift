/// A dated answer from a held history: each currency's row for the publication found (carried
/// within its source's window, a pegged row as its peg: `CarriedRow`), dated by the older row,
/// and said coarse when the source rounded a row it used. Pure: `HistoryService` finds the
/// publication and hands it here.
struct DatedQuote {
    /// How the source treats its rows (`HistorySource`): the carry window, pegs, coarse rows.
    let window: Int
    let pegs: Bool
    let coarseSignificand: (Decimal) -> Int?

    init(source: (any HistorySource)?) {
        window = source?.carryForwardDays ?? 0
        pegs = source?.appliesPegs ?? false
        coarseSignificand = { source?.coarseSignificand(of: $0) }
    }

    /// `from` → `to` at `index` of `history` for a question about `day`; `publication` is the
    /// provenance of the publication found (`strictlyBefore`: the rule took the one before `day`).
    func quote(
        from: CurrencyCode, to: CurrencyCode, in history: RateHistory, at index: Int, asked day: Day, strictlyBefore: Bool,
        publication: Provenance
    ) throws(RateError) -> Quote {
        let fromRow = try row(from, in: history, at: index, asked: day, sourceName: publication.sourceName)
        let toRow = try row(to, in: history, at: index, asked: day, sourceName: publication.sourceName)
        let exact = ExchangePrice.rates(from: from, fromRate: fromRow.rate, toRate: toRow.rate)
        var dated = publication
        // A row carried from before the publication found is the older day's: the answer is dated by it.
        let older = min(fromRow.day, toRow.day)
        if older < dated.date {
            dated.date = older
            if older != day, !strictlyBefore { dated.requested = day }
            for row in [(from, fromRow), (to, toRow)] where row.0 != history.base && row.1.day != history.days[index] {
                dated.rows[row.0] = RowSource(day: row.1.day, institutions: nil)
            }
        }
        var quote = Quote(from: from, to: to, fromPerBase: exact.from, toPerBase: exact.to, provenance: dated)
        quote.coarse = coarsest([(from, fromRow.rate), (to, toRow.rate)], provenance: publication)
        return quote
    }

    /// `code`'s row for the publication at `index`, or why there is none.
    private func row(_ code: CurrencyCode, in history: RateHistory, at index: Int, asked: Day, sourceName: String) throws(RateError)
        -> CarriedRow
    {
        switch CarriedRow.find(code, in: history, at: index, window: window, pegs: pegs) {
        case .success(let row): return row
        case .failure(.outsideSpan(let span)):
            throw .history(.outsideCurrencyRange(code, asked: asked, span: span ?? asked...asked, sourceName: sourceName))
        case .failure(.gap(let before, let after)):
            throw .history(.currencyGap(code, asked: asked, lastBefore: before, nextAfter: after, sourceName: sourceName))
        }
    }

    /// The coarsest of the rows used, as the source that rounded it says: a dated answer resting on
    /// one is said so, as a latest one is.
    private func coarsest(_ rows: [(CurrencyCode, Decimal)], provenance: Provenance) -> CoarseRate? {
        let found = rows.compactMap { code, rate in coarseSignificand(rate).map { (code, $0) } }.min { $0.1 < $1.1 }
        return found.map { CoarseRate(source: provenance.source, sourceName: provenance.sourceName, currency: $0.0, significand: $0.1) }
    }
}
