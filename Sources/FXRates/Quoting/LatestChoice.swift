/// Which latest rate answers `from` → `to`, decided from the sources' tables as they are read,
/// in the order they are asked. No I/O: `RateService` fetches or reads each table and hands it
/// here, and asks what to do next. The policy, once:
/// - a table that prices both currencies answers directly, its rows read as published (a row a
///   peg set, as the peg: `PeggedRow`), a peg against its own anchor exactly (`Pegs.anchored`);
/// - a fresh table answers at once; one kept after a failed fetch (degraded) only when no later
///   source's fresh table does; the built-in snapshot is preferred to no precise rate only;
/// - a coarse rate (fewer than `RatePrecision.enough` digits) answers only when nothing precise does;
/// - else a cross of two sources' tables through a currency both price (`cross`);
/// - else, when no source was named, a currency pegged by law through its anchor (`Pegs.quote`).
struct LatestChoice {
    let from: CurrencyCode
    let to: CurrencyCode
    /// A pair with an asset (BTC) is asked of the exchanges first; the others can only give a cross rate.
    let asset: Bool
    /// Every table read so far, in order: what a cross or a peg is made from.
    private(set) var answered: [(table: RateTable, provenance: Provenance)] = []
    /// The first direct quote from a table kept after a failed fetch.
    private(set) var fallback: Quote?
    /// The first direct quote resting on a coarse rate.
    private(set) var coarse: Quote?

    init(from: CurrencyCode, to: CurrencyCode) {
        self.from = from
        self.to = to
        // ISO codes first: the asset catalog is not even built for a pair of currencies.
        asset = [from, to].contains { !CurrencyCatalog.standard.contains($0) && AssetCatalog.standard.contains($0) }
    }

    /// Whether a source is known to lack the pair (by the table it is known by, or because it
    /// prices no asset): such a source is asked only for a cross, after every other.
    func lacks(pricesMove: Bool, known: RateTable?) -> Bool {
        asset && !pricesMove || (known.map { !$0.covers(from) || !$0.covers(to) } ?? false)
    }

    /// Whether the sources that lack the pair are still worth asking, for a cross.
    var wantsCross: Bool { fallback == nil && coarse == nil }

    /// What reading one more table decided.
    enum Step {
        /// This quote answers; the sources whose fallback or coarse quotes it passed over (their
        /// warnings now name the source that answered).
        case answer(Quote, passedOver: [SourceID])
        /// Ask the next source.
        case next
    }

    /// Takes a source's table: a fresh direct quote answers at once, anything less is kept.
    mutating func consider(_ table: RateTable, _ provenance: Provenance, source: any RateSource, degraded: Bool) -> Step {
        answered.append((table, provenance))
        guard var quote = Self.direct(from: from, to: to, in: table, provenance, source: source) else { return .next }
        quote.coarse = CoarseRate.coarsest(in: table, [from, to], provenance: provenance)
        if quote.coarse != nil {
            coarse = coarse ?? quote
            return .next
        }
        guard degraded else { return .answer(quote, passedOver: [fallback, coarse].compactMap { $0?.provenance.source }) }
        fallback = fallback ?? quote
        return .next
    }

    /// What answers once every source was read: the quote, the fallback it passed over (its
    /// warning then names the source that answered), or nil when nothing can.
    func finish(pegs: Bool) -> (quote: Quote, passedOver: SourceID?)? {
        // The built-in snapshot may be weeks old: a coarse rate that was fetched or cached is preferred to it.
        if let fallback, coarse == nil || fallback.provenance.origin != .builtIn { return (fallback, nil) }
        let cross = Self.cross(from: from, to: to, answered)
        if let cross, cross.coarse == nil { return (cross, nil) }
        if let coarsest = coarse ?? cross { return (coarsest, fallback?.provenance.source) }
        // A currency pegged by law answers through its anchor, offline and on a first run too.
        if pegs, let pegged = Pegs.quote(from: from, to: to, answered) { return (pegged, nil) }
        return nil
    }

    /// `from` → `to` from one table that prices both, with its previous publication's rate.
    static func direct(from: CurrencyCode, to: CurrencyCode, in table: RateTable, _ provenance: Provenance, source: any RateSource)
        -> Quote?
    {
        guard let fromRate = PeggedRow.unitsPerBase(from, in: table), let toRate = PeggedRow.unitsPerBase(to, in: table) else {
            return nil
        }
        let exact = ExchangePrice.rates(from: from, fromRate: fromRate, toRate: toRate)
        var quote = Quote(
            from: from, to: to, fromPerBase: exact.from, toPerBase: exact.to,
            provenance: RowDating.provenance([from, to], of: table, provenance, source: source))
        if let exact = Pegs.anchored(quote, in: table) { quote = exact }
        if let earlier = table.previous, let before = PreviousRates.rate(from: from, to: to, in: earlier, base: table.base) {
            quote.previous = (earlier.date, before)
        }
        return quote
    }

    /// `from` priced by one source and `to` by another, through a currency both price: the first
    /// table's base if the other has it, else the second's, else USD or EUR, else any.
    static func cross(from: CurrencyCode, to: CurrencyCode, _ answered: [(table: RateTable, provenance: Provenance)]) -> Quote? {
        for first in answered where first.table.covers(from) {
            for second in answered where second.provenance.source != first.provenance.source && second.table.covers(to) {
                let shared = Set(first.table.currencies).intersection(second.table.currencies)
                let preferred = [first.table.base, second.table.base, CurrencyCode("USD")!, .eur]
                guard let via = preferred.first(where: shared.contains) ?? shared.sorted().first,
                    let fromRate = PeggedRow.unitsPerBase(from, in: first.table),
                    let firstVia = PeggedRow.unitsPerBase(via, in: first.table),
                    let toRate = PeggedRow.unitsPerBase(to, in: second.table), let secondVia = PeggedRow.unitsPerBase(via, in: second.table)
                else { continue }
                // Each leg against `via`: units of `from` per `via`, units of `to` per `via`.
                var quote = Quote(
                    from: from, to: to,
                    // Same ratio as (from/firstVia) : (to/secondVia), with no division.
                    fromPerBase: fromRate * secondVia, toPerBase: toRate * firstVia,
                    provenance: RowDating.provenance([from, via], of: first.table, first.provenance),
                    secondLeg: RowDating.provenance([to, via], of: second.table, second.provenance), via: via)
                // As precise as the lesser of its legs.
                let legs = [
                    CoarseRate.coarsest(in: first.table, [from, via], provenance: first.provenance),
                    CoarseRate.coarsest(in: second.table, [to, via], provenance: second.provenance),
                ]
                quote.coarse = legs.compactMap { $0 }.min { $0.significand < $1.significand }
                return quote
            }
        }
        return nil
    }
}
