extension RateService {
    /// The rows of the fetch `provenance` names that `quote(only:)` answers every pair of directly
    /// (script mode's fast lane learns them): its source is held, fresh and not degraded, and each
    /// source before it is known by a table that asking it would not replace before `validUntil`.
    /// Which rows, and when a pair of them answers, is `DirectRows`'s (Quoting). Nil when anything
    /// is uncertain.
    public func directRows(of provenance: Provenance, only: SourceID?) -> DirectRows? {
        let start = diagnostics.count
        guard let all = try? candidates(only), let position = all.firstIndex(where: { $0.id == provenance.source }),
            let hit = held(provenance.source), !hit.degraded, clock.now() < hit.validUntil,
            hit.provenance.fetchedAt == provenance.fetchedAt, hit.provenance.origin == provenance.origin
        else { return nil }
        var earlier: [(source: SourceID, currencies: [CurrencyCode], provenance: Provenance?)] = []
        var until = hit.validUntil
        for source in all[..<position] {
            guard let table = knownTable(source), let kept = knownUntil(source) else { return nil }
            earlier.append((source.id, table.currencies, resolved[source.id]?.provenance))
            until = min(until, kept)
        }
        // Reading the cache just now said something: the general path says it, and answers.
        guard diagnostics.count == start else { return nil }
        return DirectRows(provenance: hit.provenance, rows: DirectRows.rows(of: hit.table), earlier: earlier, validUntil: until)
    }

    /// Until when `latest` answers for `source` from the table it is known by (`knownTable`), so
    /// that its currencies stay what they are; nil when asking it now may fetch another.
    func knownUntil(_ source: any RateSource) -> Date? {
        let now = clock.now()
        if let hit = held(source.id) { return now < hit.validUntil ? hit.validUntil : nil }
        if options.offline { return .distantFuture }
        guard let entry = cached(source.id) else { return nil }
        let until = currentUntil(entry, source: source, now: now)
        return now < until ? until : nil
    }
}
