import FXCommands
import FXRates

/// What executing a command produced, before any formatting.
public enum Outcome: Sendable, Equatable {
    case conversion(Conversion)
    case rates(RateListing)
    case calculation(CalculationResult)
    /// `settings`, `vars`.
    case listing(Listing)
    case refresh([RefreshReport])
    case sources(SourcesReport)
    case comparison(SourceComparison)
    /// A change to the configuration, in one sentence.
    case configured(String)
    case history(PairHistory, HistoryFormat)
    /// `history` with several pairs, averaged periods or a price file: one history per pair, and
    /// the pairs left out for having no rates over the days (the others are written).
    case series([PairHistory], HistoryQuery, missing: [MissingPair] = [])
    /// `rate usd eur avg 2024`: each quote's daily rates over the period, to be averaged.
    case average([PairHistory], AveragePeriod)
    /// Bare `history`: the conversion log, oldest first.
    case log([ConversionLogEntry], HistoryFormat)
    case help(String)
    /// `csv`: a statement's rows, streamed when the shell runs it.
    case statement(Statement)
    /// `btc eur > 60000`: the price and the verdict.
    case condition(ConditionVerdict)
    /// `watch …`: a board the shell draws and refreshes until it ends.
    case watch(WatchRequest)
    case quit
}

/// `amount` of `from` in each target currency.
public struct Conversion: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public let quote: Quote
        /// Rounded to the target's minor unit (or more places when asked).
        public let result: Decimal
        public let fractionDigits: Int

        public init(quote: Quote, result: Decimal, fractionDigits: Int) {
            self.quote = quote
            self.result = result
            self.fractionDigits = fractionDigits
        }
    }

    public let amount: Decimal
    /// Places to show the amount with: the source currency's minor unit, or more if typed.
    public let amountDigits: Int
    public let from: CurrencyCode
    public let lines: [Line]
    /// `yesterday = 2026-11-24`: the day a date in words meant, when one was typed.
    public var dateMeaning: DateMeaning?

    public init(amount: Decimal, amountDigits: Int, from: CurrencyCode, lines: [Line]) {
        self.amount = amount
        self.amountDigits = amountDigits
        self.from = from
        self.lines = lines
    }
}

/// Rates of one base against some quotes, or against every currency of a table.
public struct RateListing: Sendable, Equatable {
    public let base: CurrencyCode
    public let quotes: [Quote]
    /// True for `rate eur`: the whole table rather than chosen quotes.
    public let wholeTable: Bool
    /// `last friday = 2026-11-20`: the day a date in words meant, when one was typed.
    public var dateMeaning: DateMeaning?

    public init(base: CurrencyCode, quotes: [Quote], wholeTable: Bool) {
        self.base = base
        self.quotes = quotes
        self.wholeTable = wholeTable
    }
}
