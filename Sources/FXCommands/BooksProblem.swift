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
}
