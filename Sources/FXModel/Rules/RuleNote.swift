/// What a named rule did for one answer, carried by its provenance so that text, JSON, CSV and
/// price files say it: `pl-nbp: NBP table A of 2024-02-29, the business day before 2024-03-01`.
public struct RuleNote: Sendable, Equatable {
    /// The rule's name: `pl-nbp`.
    public let rule: String
    /// The series named as the authority names it: `NBP table A`.
    public let institution: String
    /// The transaction's day.
    public let transaction: Day
    /// The publication used (for an average, the last one averaged).
    public let publication: Day
    /// Why that publication: `the business day before 2024-03-01`, `in force in 2024-03`,
    /// `the mean of 12 monthly rates, 2025-04 to 2026-03`.
    public let basis: String
    /// The steps `--explain` states, in order.
    public let steps: [String]
    /// For two currencies other than the institution's own, where it publishes its currency per
    /// unit (NBP's PLN per USD): that currency. The quote's legs are then the two figures, the one
    /// of `to` as `fromPerBase` and the one of `from` as `toPerBase`, and its rate their ratio.
    public var homePerUnit: CurrencyCode?

    public init(
        rule: String, institution: String, transaction: Day, publication: Day, basis: String, steps: [String],
        homePerUnit: CurrencyCode? = nil
    ) {
        self.rule = rule
        self.institution = institution
        self.transaction = transaction
        self.publication = publication
        self.basis = basis
        self.steps = steps
        self.homePerUnit = homePerUnit
    }

    /// `pl-nbp: NBP table A of 2024-02-29, the business day before 2024-03-01`.
    public var sentence: String { "\(rule): \(institution) of \(publication), \(basis)" }
}
