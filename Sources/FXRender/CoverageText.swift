import FXRates

/// How a mean, a series or a price file names the days it rests on, when asked for (`--partial`)
/// over a period not held whole: said in the answer itself, so that it never passes for the whole.
enum CoverageText {
    /// `2026`; `2026 to date`; `the 65 days held, 2026-08-03 to 2026-10-30, not the whole of 2026`.
    static func period(_ name: String, _ coverage: PeriodCoverage?) -> String {
        guard let coverage else { return name }
        if let part = part(coverage) { return "the \(part), not the whole of \(name)" }
        return coverage.toDate ? "\(name) to date" : name
    }

    /// `65 days held, 2026-08-03 to 2026-10-30, not the whole of 2025-11-25 to 2026-11-25`; nil when whole.
    static func shortfall(_ coverage: PeriodCoverage?) -> String? {
        guard let coverage, let part = part(coverage) else { return nil }
        return "\(part), not the whole of \(coverage.asked.lowerBound) to \(coverage.asked.upperBound)"
    }

    /// `{"days", "first", "last", "complete", "to_date"}`: present whether or not the period is whole.
    static func json(_ coverage: PeriodCoverage?) -> JSONValue {
        guard let coverage else { return .null }
        return .object([
            ("days", .int(coverage.days)), ("first", coverage.first.map { .string($0.description) } ?? .null),
            ("last", coverage.last.map { .string($0.description) } ?? .null), ("complete", .bool(coverage.isComplete)),
            ("to_date", .bool(coverage.toDate)),
        ])
    }

    private static func part(_ coverage: PeriodCoverage) -> String? {
        guard !coverage.isComplete else { return nil }
        guard let first = coverage.first, let last = coverage.last else { return "no days held" }
        return "\(coverage.days) \(coverage.days == 1 ? "day" : "days") held, \(first) to \(last)"
    }
}
