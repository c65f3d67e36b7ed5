/// What script mode's fast lane may answer from without asking (`RateService.directRows`): the
/// rows of one source's fetch through which every pair of them is answered directly, as
/// `quote` would answer it, unless a source asked before has both currencies of the pair.
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
