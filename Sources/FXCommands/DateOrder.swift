/// How a slash date whose first two numbers could each be the month (`01/02/2024`) is read: the
/// `date_order` setting. `ask` (the default) refuses it with a question; `01/15/2024` and
/// `15/01/2024` can be read only one way and need no setting.
public enum DateOrder: String, Equatable, Sendable, CaseIterable {
    case ask, dmy, mdy
}

/// What is wrong with a date that was read but names no day, or more than one.
public enum DateProblem: Error, Equatable, Sendable {
    /// `01/02/2024`: 1 February (day first) or 2 January (month first).
    case ambiguous(String, dayFirst: Day, monthFirst: Day)
    /// `31 feb 2024`, `02/30/2024`: the month has no such day.
    case noSuchDay(String)
}
