extension RateTable {
    /// What made the rate between `codes` when this table is a blend: "Frankfurter blend of
    /// 3 central banks", a peg said with its anchor and authority, or both (a pegged currency
    /// against a blended one); nil for a table of one institution's own rates.
    public func blendBasis(of codes: [CurrencyCode]) -> String? {
        guard !contributors.isEmpty else { return nil }
        // An array, not a Set: a handful of keys, and a Set of them was one more generic type
        // for the runtime to build on every blended answer.
        var institutions: [String] = [], pegs: [String] = []
        for code in codes where code != base {
            guard let keys = contributorKeys(of: code) else { continue }
            if keys.isEmpty, let peg = Pegs.peg(of: code) {
                pegs.append(peg.text)
                // The anchor's own row is what the peg multiplies.
                if peg.anchor != base, let anchorKeys = contributorKeys(of: peg.anchor) {
                    for key in anchorKeys where !institutions.contains(key) { institutions.append(key) }
                }
            } else {
                for key in keys where !institutions.contains(key) { institutions.append(key) }
            }
        }
        // Not `joined(separator:)`: its generic form looked up a type by name on every blended
        // answer, 200,000 instructions of a one-shot (Benchmarks/README.md, "Frankfurter v2").
        var basis =
            institutions.isEmpty
            ? "" : "Frankfurter blend of \(institutions.count) central bank\(institutions.count == 1 ? "" : "s")"
        for peg in pegs { basis += basis.isEmpty ? peg : "; " + peg }
        return basis.isEmpty ? nil : basis
    }

    /// The day of the older row of `codes`: a pair's rate is as old as its older leg.
    public func date(of codes: [CurrencyCode]) -> Day { codes.map(date(of:)).min() ?? date }
}
