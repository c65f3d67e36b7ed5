import FXCommands

extension Messages {
    /// Dates read but naming no one day.
    static func text(for problem: DateProblem) -> String {
        switch problem {
        case .ambiguous(let text, let dayFirst, let monthFirst):
            "Is '\(printable(text))' \(dayFirst) (day first) or \(monthFirst) (month first)? Write \(dayFirst) or "
                + "\(monthFirst), or 'set date_order dmy' or 'set date_order mdy' to read such dates one way."
        case .noSuchDay(let text):
            "There is no day '\(printable(text))': the month is shorter. Write a date as 2024-03-01, 1 march 2024 or yesterday."
        }
    }

    /// `note: yesterday = 2026-11-24`: what a date's words meant, said beside the answer.
    public static func meaning(_ meaning: DateMeaning) -> String { meaning.description }
}
