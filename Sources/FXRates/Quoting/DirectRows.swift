/// What script mode's fast lane may answer from without asking (`RateService.directRows`): the
/// rows of one source's fetch through which every pair of them is answered directly, as
/// `LatestChoice` answers it: a pair of these rows is answered from them exactly when no source
/// asked before has both currencies (it would be asked first), which the lane checks by `earlier`.
public struct DirectRows: Sendable {
    /// The fetch the rows are from, as its answers carry it (before a pair's rows date it).
    public let provenance: Provenance
    /// Units of each currency per unit of the table's base, exactly `RateTable.unitsPerBase`:
    /// ISO currencies only, neither coarse nor set by a peg against its anchor.
    public let rows: [CurrencyCode: Decimal]
    /// The sources asked before this one: every currency of the table each is known by, and the
    /// fetch it came from (nil when only the cache or the built-in table says it).
    public let earlier: [(source: SourceID, currencies: [CurrencyCode], provenance: Provenance?)]
    /// When the service may ask this source, or one asked before it, again: the rows answer no longer than that.
    public let validUntil: Date
}

extension DirectRows {
    /// The rows of `table` a pair may be answered from without the general path: ISO codes only
    /// (no exchange price), no coarse row (that answer carries a note), no row a peg sets (read
    /// as the peg through its anchor, `PeggedRow`).
    static func rows(of table: RateTable) -> [CurrencyCode: Decimal] {
        var rows: [CurrencyCode: Decimal] = [:]
        for code in table.currencies
        where CurrencyCatalog.standard.contains(code) && table.coarse[code] == nil && Pegs.pegRow(code, in: table) == nil {
            rows[code] = table.unitsPerBase(code)
        }
        return rows
    }
}
