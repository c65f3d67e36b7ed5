/// A table's rate of a currency, taking a row set by a peg at the peg itself: the blend sends
/// EUR→XOF as 655.96 (its rounding of the peg's 655.957), and an answer that says "pegged to EUR
/// at 655.957" must be made with 655.957. Pure: the one place a latest answer reads a row.
public enum PeggedRow {
    /// Units of `code` per one of the table's base: for a row a peg set (no institution published
    /// it), the peg's rate times its anchor's row, and no rate in a table without the anchor (a
    /// read narrowed to the question's two currencies); otherwise the row as published.
    public static func unitsPerBase(_ code: CurrencyCode, in table: RateTable) -> Decimal? {
        // `pegRow` is read first: only a row no institution published builds the peg table (22 parsed rates).
        if let peg = Pegs.pegRow(code, in: table) {
            guard let anchor = table.unitsPerBase(peg.anchor), Pegs.pegRow(peg.anchor, in: table) == nil else { return nil }
            return anchor * peg.rate
        }
        return table.unitsPerBase(code)
    }
}
