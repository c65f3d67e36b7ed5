/// Why a rule has no answer for a transaction day: said as an error, never answered by another
/// publication or another source.
public enum RuleMiss: Error, Sendable, Equatable {
    /// The rule takes the publication of the day itself, and there is none (`same-day`).
    case noPublicationOn(Day, institution: String)
    /// The publication the rule takes (`expected`) is not held: the history ends at `heldThrough`.
    case notHeld(expected: Day, heldThrough: Day?, institution: String)
    /// The month's rate (`2026-10`) has not been published, or is not held.
    case monthNotPublished(month: String, institution: String)
    /// The quarter's rate has not been published, or is not held.
    case quarterNotPublished(quarter: String, institution: String)
    /// The period's average needs every publication of the period: `label` is not over, or not held whole.
    case periodIncomplete(label: String, heldThrough: Day?, institution: String)
    /// `avg` over a period of which only part is held (`held`: "11 monthly rates of it, 2025-04 to
    /// 2026-02"), asked without `partial`.
    case periodPartial(label: String, held: String, institution: String)
    /// The transaction lies before the institution's first publication held.
    case beforeFirst(Day, first: Day, institution: String)
    /// The publication the rule takes has no rate for the currency.
    case currencyMissing(CurrencyCode, publication: Day, institution: String)
    /// `--source` names another source than the rule's.
    case otherSource(rule: String, source: SourceID, asked: SourceID)
}
