import FXRates

/// How `history` prints: a chart with statistics (default), a table of values, CSV or JSON.
public enum HistoryFormat: String, Equatable, Sendable, CaseIterable {
    case chart, table, csv, json
}

/// Which days `history <base> <quote>` covers.
public enum HistoryRange: Equatable, Sendable {
    /// `30d`, `2w`: this many days back from today.
    case days(Int)
    /// `6m`: calendar months back from today.
    case months(Int)
    /// `1y`: calendar years back from today.
    case years(Int)
    /// `ytd`: since 1 January.
    case yearToDate
    /// `from <date> [to <date>]`.
    case between(DateExpression, DateExpression?)
    /// `all`: every publication there is.
    case all

    /// The first and last day asked for; `all` starts at `earliest`.
    public func days(today: Day, earliest: Day) -> ClosedRange<Day> {
        switch self {
        case .days(let count): return today.adding(days: -count)...today
        case .months(let count): return today.addingMonths(-count)...today
        case .years(let count): return today.addingMonths(-12 * count)...today
        case .yearToDate: return Day(year: today.components.year, month: 1, day: 1)!...today
        case .between(let start, let end):
            let first = start.resolve(today: today), last = end?.resolve(today: today) ?? today
            return min(first, last)...max(first, last)
        case .all: return min(earliest, today)...today
        }
    }
}

/// `history usd jpy 1y --csv`.
public struct HistoryQuery: Equatable, Sendable {
    public let base: CurrencyCode
    public let quote: CurrencyCode
    public let range: HistoryRange
    public let format: HistoryFormat

    public init(base: CurrencyCode, quote: CurrencyCode, range: HistoryRange, format: HistoryFormat = .chart) {
        self.base = base
        self.quote = quote
        self.range = range
        self.format = format
    }
}
