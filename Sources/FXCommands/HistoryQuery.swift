/// How `history` prints: a chart with statistics (default), a table of values, CSV, JSON, or a
/// price file for plain-text accounting (ledger, hledger, beancount).
public enum HistoryFormat: String, Equatable, Sendable, CaseIterable {
    case chart, table, csv, json, ledger, hledger, beancount

    /// One line per price, read by an accounting tool.
    public var isPriceFile: Bool { self == .ledger || self == .hledger || self == .beancount }
}

/// One row per publication, or one averaged row per calendar month or year.
public enum HistoryGrouping: String, Equatable, Sendable {
    case daily, monthly, yearly
}

/// A base and a quote: units of `quote` per one `base`.
public struct CurrencyPair: Equatable, Sendable, CustomStringConvertible {
    public let base: CurrencyCode
    public let quote: CurrencyCode

    public init(_ base: CurrencyCode, _ quote: CurrencyCode) {
        self.base = base
        self.quote = quote
    }

    public var description: String { "\(base)/\(quote)" }
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
    /// `2024`: that calendar year (this year: to today).
    case year(Int)
    /// `march 2024`: that calendar month (this month: to today).
    case month(year: Int, month: Int)
    /// `last week`, `last month`, `last year`: the whole calendar period before this one.
    case last(CalendarPeriod)

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
        case .year(let year): return Self.upTo(today, Day(year: year, month: 1, day: 1)!...Day(year: year, month: 12, day: 31)!)
        case .month(let year, let month):
            let first = Day(year: year, month: month, day: 1)!
            return Self.upTo(today, first...first.addingMonths(1).adding(days: -1))
        case .last(let period): return period.previous(today: today)
        }
    }
}

extension HistoryRange {
    /// A calendar period cut at today; one that has not begun is left whole, for the future-date refusal.
    private static func upTo(_ today: Day, _ days: ClosedRange<Day>) -> ClosedRange<Day> {
        days.lowerBound > today ? days : days.lowerBound...min(days.upperBound, today)
    }
}

/// `history usd jpy 1y --csv`, `history usd eur,gbp ytd --ledger --monthly`.
public struct HistoryQuery: Equatable, Sendable {
    public let base: CurrencyCode
    public let quote: CurrencyCode
    public let range: HistoryRange
    public let format: HistoryFormat
    /// Every pair asked for, `base`/`quote` first (`usd,chf eur,gbp` is four); `--invert` already applied.
    public let pairs: [CurrencyPair]
    public let grouping: HistoryGrouping
    /// `--digits N`: significant digits of each rate in a price file; nil for the default
    /// (a published rate as published, any other to 10 significant digits).
    public let digits: Int?
    /// `--partial`: the days held, when they are not the whole range.
    public let partial: Bool

    public init(
        base: CurrencyCode, quote: CurrencyCode, range: HistoryRange, format: HistoryFormat = .chart,
        pairs: [CurrencyPair]? = nil, grouping: HistoryGrouping = .daily, digits: Int? = nil, partial: Bool = false
    ) {
        self.partial = partial
        self.base = base
        self.quote = quote
        self.range = range
        self.format = format
        self.pairs = pairs ?? [CurrencyPair(base, quote)]
        self.grouping = grouping
        self.digits = digits
    }

    /// The plain question `history` always answered: one pair, one row per publication, no price file.
    public var isSinglePairSeries: Bool { pairs.count == 1 && grouping == .daily && !format.isPriceFile && digits == nil }
}
