/// How an answer made from a table's rows is dated and sourced. Pure: one place for every path
/// that reads a latest table (a direct answer, each leg of a cross, a peg through its anchor).
enum RowDating {
    /// The provenance of a rate made from the rows of `codes`: dated by the older row (a table whose
    /// rows carry their own dates is not one publication), and saying how a blend made them.
    static func provenance(
        _ codes: [CurrencyCode], of table: RateTable, _ provenance: Provenance, source: (any RateSource)? = nil
    ) -> Provenance {
        let basis = source.map { $0.basis(of: codes, in: table) } ?? table.blendBasis(of: codes)
        guard !table.rowDates.isEmpty || basis != nil else { return provenance }
        var provenance = provenance
        provenance.date = table.date(of: codes)
        provenance.basis = basis
        for code in codes where code != table.base {
            provenance.rows[code] = RowSource(day: table.date(of: code), institutions: table.contributors[code])
        }
        return provenance
    }
}
