/// Which publication answers a dated question: the day part of a `Rule`. The first two are also
/// rules of their own (`--rule previous-business-day`), answered by whichever source answers.
public enum DateRule: String, Equatable, Sendable, CaseIterable {
    /// The publication of that day, or of the last working day before it (the default).
    case onOrBefore = "on-or-before"
    /// The publication strictly before that day: the convention of Polish and some other tax
    /// authorities, for a rate known before the day of the transaction.
    case previousBusinessDay = "previous-business-day"
    /// The publication of that very day; none that day is an error.
    case sameDay = "same-day"
    /// The rate in force for the transaction's month (HMRC's monthly rates).
    case month
    /// The rate in force for the transaction's quarter (the US Treasury's reporting rates).
    case quarter
    /// The mean of the publications of the period holding the transaction (a yearly average).
    case average

    /// How `--explain` and the guide say it.
    public var spoken: String {
        switch self {
        case .onOrBefore: "the publication of that day, or the last before it"
        case .previousBusinessDay: "the publication of the business day before"
        case .sameDay: "the publication of that very day"
        case .month: "the rate in force for that month"
        case .quarter: "the rate in force for that quarter"
        case .average: "the mean of the period's publications"
        }
    }
}
