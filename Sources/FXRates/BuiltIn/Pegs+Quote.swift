extension Pegs {
    /// What a rate set by law is answered by, in provenance.
    static let source = SourceID("peg")

    /// The provenance of a rate set by law: the authority and the day the peg began, compiled into fx.
    static func provenance(_ peg: Peg) -> Provenance {
        var provenance = Provenance(source: source, sourceName: peg.authority, date: peg.since, fetchedAt: nil, origin: .builtIn)
        provenance.basis = peg.text
        return provenance
    }

    /// `from` in `to` where one of them is pegged and no table prices both: the peg itself when the
    /// other is its anchor (`usd aed`, 3.6725 exactly), else the anchor's rate in a table that has
    /// it, times the peg (`eur aed` from the ECB's EUR/USD). Nil when no peg links the pair.
    static func quote(from: CurrencyCode, to: CurrencyCode, _ answered: [(table: RateTable, provenance: Provenance)]) -> Quote? {
        // Two currencies pegged to one anchor (XCG and ANG, AED and SAR): the ratio of the pegs, exactly.
        if let fromPeg = peg(of: from), let toPeg = peg(of: to), fromPeg.anchor == toPeg.anchor {
            return Quote(
                from: from, to: to, fromPerBase: fromPeg.rate, toPerBase: toPeg.rate, provenance: provenance(fromPeg),
                secondLeg: provenance(toPeg), via: fromPeg.anchor)
        }
        if let peg = peg(of: to) {
            if peg.anchor == from { return Quote(from: from, to: to, fromPerBase: 1, toPerBase: peg.rate, provenance: provenance(peg)) }
            for (table, provenance) in answered {
                guard let fromRate = table.unitsPerBase(from), let anchorRate = table.unitsPerBase(peg.anchor) else { continue }
                return Quote(
                    from: from, to: to, fromPerBase: fromRate, toPerBase: anchorRate * peg.rate,
                    provenance: RowDating.provenance([from, peg.anchor], of: table, provenance), secondLeg: Self.provenance(peg),
                    via: peg.anchor)
            }
        }
        if let peg = peg(of: from) {
            if peg.anchor == to { return Quote(from: from, to: to, fromPerBase: peg.rate, toPerBase: 1, provenance: provenance(peg)) }
            for (table, provenance) in answered {
                guard let toRate = table.unitsPerBase(to), let anchorRate = table.unitsPerBase(peg.anchor) else { continue }
                return Quote(
                    from: from, to: to, fromPerBase: anchorRate * peg.rate, toPerBase: toRate,
                    provenance: RowDating.provenance([to, peg.anchor], of: table, provenance), secondLeg: Self.provenance(peg),
                    via: peg.anchor)
            }
        }
        return nil
    }
}

extension Pegs {
    /// A blend's row set by a peg, asked against its own anchor: the peg's rate exactly (3.6725 for
    /// USD→AED), as the server gives it with that base, rather than two rounded EUR rows divided.
    static func anchored(_ quote: Quote, in table: RateTable) -> Quote? {
        for (pegged, other) in [(quote.to, quote.from), (quote.from, quote.to)] {
            guard let peg = pegRow(pegged, in: table), peg.anchor == other else { continue }
            return pegged == quote.to
                ? Quote(from: quote.from, to: quote.to, fromPerBase: 1, toPerBase: peg.rate, provenance: quote.provenance)
                : Quote(from: quote.from, to: quote.to, fromPerBase: peg.rate, toPerBase: 1, provenance: quote.provenance)
        }
        return nil
    }

    /// The peg behind `code`'s row when the row is set by it (no institution published it): such a
    /// row answers against its anchor through the peg, not through the table.
    static func pegRow(_ code: CurrencyCode, in table: RateTable) -> Peg? {
        table.contributors[code] == [] ? peg(of: code) : nil
    }
}
