/// Usage problems of price files, averages and date rules; worded by `Messages`.
public enum BooksProblem: Equatable, Sendable {
    /// `--digits` without a whole number from 1 to `maximum`.
    case digits(maximum: Int)
    /// `--digits` on a chart, table, CSV or JSON.
    case digitsOutsidePriceFile
    /// `avg` not followed by a period it can read.
    case period(String)
    /// `avg` without a period.
    case missingPeriod
    /// A rule name neither shipped nor defined in the config.
    case unknownRule(String, known: [String])
    /// `avg tax-year 2025` under a rule that cuts no tax year: those that do.
    case taxYearWithoutRule(rules: [String])
}
