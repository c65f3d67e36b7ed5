/// Which publication answers a dated question.
public enum DateRule: String, Equatable, Sendable, CaseIterable {
    /// The publication of that day, or of the last working day before it (the default).
    case onOrBefore = "on-or-before"
    /// The publication strictly before that day: the convention of Polish and some other tax
    /// authorities, for a rate known before the day of the transaction.
    case previousBusinessDay = "previous-business-day"
}
