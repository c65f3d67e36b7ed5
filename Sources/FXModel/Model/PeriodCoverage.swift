/// How much of the days asked a history answers for: a mean, a series or a price file over part
/// of a period must say so, never pass for the whole.
///
/// A period is complete when every publication day in it, up to the latest publication that can
/// exist yet, is within what is held. What is held is known whole from its first day (or from the
/// source's first publication, when it reaches that far) to its last day, or to today when nothing
/// newer can exist yet (the next publication is not due, or a check after it was due found none).
public struct PeriodCoverage: Sendable, Equatable {
    /// The calendar days asked for.
    public let asked: ClosedRange<Day>
    /// Publications held within `asked`, and the first and last of them.
    public let days: Int
    public let first: Day?
    public let last: Day?
    public let isComplete: Bool
    /// The period goes on after today: its mean or series is of the days so far.
    public let toDate: Bool

    /// - Parameters:
    ///   - held: the first and last publication held; `fromFirst`: they reach back to the source's first
    ///     publication, `sourceFirst`; `current`: nothing newer than the last can exist yet.
    ///   - days, first, last: what of `asked` is held.
    public init(
        asked: ClosedRange<Day>, today: Day, held: ClosedRange<Day>?, fromFirst: Bool, current: Bool, sourceFirst: Day,
        days: Int, first: Day?, last: Day?
    ) {
        self.asked = asked
        self.days = days
        self.first = first
        self.last = last
        toDate = asked.upperBound >= today
        // Before the source's first publication there is nothing to hold; after today nothing yet.
        let start = max(asked.lowerBound, sourceFirst), end = min(asked.upperBound, today)
        guard start <= end else {
            isComplete = true
            return
        }
        guard let held else {
            isComplete = false
            return
        }
        // The first publication day of the period: the held part must begin on or before it.
        let firstDue = TargetCalendar.nextWorkingDay(after: start.adding(days: -1))
        let startCovered = fromFirst || held.lowerBound <= firstDue || firstDue > end
        let endCovered = current || TargetCalendar.nextWorkingDay(after: held.upperBound) > end
        isComplete = startCovered && endCovered
    }
}
