extension RateTable {
    /// What made the rate between `codes` when this table is a blend: "Frankfurter blend of
    /// 3 central banks", a peg said with its anchor and authority, or both (a pegged currency
    /// against a blended one); nil for a table of one institution's own rates.
    public func blendBasis(of codes: [CurrencyCode]) -> String? {
        guard !contributors.isEmpty else { return nil }
        var institutions = Set<String>(), pegs: [String] = []
        for code in codes where code != base {
            guard let keys = contributorKeys(of: code) else { continue }
            if keys.isEmpty, let peg = Pegs.peg(of: code) {
                pegs.append(peg.text)
                // The anchor's own row is what the peg multiplies.
                if peg.anchor != base, let anchorKeys = contributorKeys(of: peg.anchor) { institutions.formUnion(anchorKeys) }
            } else {
                institutions.formUnion(keys)
            }
        }
        var parts: [String] = []
        if !institutions.isEmpty {
            parts.append("Frankfurter blend of \(institutions.count) central bank\(institutions.count == 1 ? "" : "s")")
        }
        parts += pegs
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The day of the older row of `codes`: a pair's rate is as old as its older leg.
    public func date(of codes: [CurrencyCode]) -> Day { codes.map(date(of:)).min() ?? date }
}
