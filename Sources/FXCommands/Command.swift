/// An amount as the user typed it: its exact value and how many decimals they wrote.
public struct Amount: Equatable, Sendable {
    public let value: Decimal
    /// Decimal places typed (`1,234.5` → 1), so the echo never hides digits the user gave.
    public let scale: Int

    public init(_ value: Decimal, scale: Int) {
        self.value = value
        self.scale = scale
    }
}

/// A parsed line, ready to execute. Parsing never touches rates or the network.
public enum Command: Equatable, Sendable {
    /// `on` nil: the latest rates.
    case convert(amount: Amount, from: CurrencyCode, to: [CurrencyCode], on: DateExpression? = nil)
    /// Arithmetic with money: `100 usd + 20 eur in gbp`, `200 usd + 15%`, `rent = 1450 chf`.
    case calculate(Calculation)
    /// `fx usd`: its rate against the saved targets or the home currency, else the whole table.
    case ticker(CurrencyCode, on: DateExpression? = nil)
    /// `set home chf`: a preference kept in the configuration.
    case set(Setting)
    /// The preferences `set` keeps.
    case settings
    /// The variables of this session.
    case variables
    /// `quotes` empty means every currency the source has.
    case rate(base: CurrencyCode, quotes: [CurrencyCode], on: DateExpression? = nil)
    /// `rate usd eur avg 2024`: the mean of the daily reference rates over a period.
    /// `partial`: the mean of the days held, when they are not the whole period.
    case average(base: CurrencyCode, quotes: [CurrencyCode], period: AveragePeriod, partial: Bool = false)
    /// A pair through time.
    case history(HistoryQuery)
    /// Bare `history`: this user's recent conversions and lookups.
    case log(HistoryFormat)
    case refresh([SourceID])
    case sources(SourcesAction)
    /// `snapshot …` and `use snapshot|live`.
    case snapshot(SnapshotAction)
    case help(topic: String?)
    /// A CSV file converted row by row, streamed by the session.
    case csv(CSVRequest)
    /// `watch usd krw, btc eur`: a board that refreshes in place, run by the shell.
    case watch(WatchRequest)
    /// `btc eur > 60000`: the price and whether the comparison holds (exit 0, else 1).
    case condition(Condition)
    case quit
}

/// What `set` changes.
public enum Setting: Equatable, Sendable {
    /// The currency of bare amounts and of `fx 100 usd` without targets; nil clears it.
    case home(CurrencyCode?)
    /// Where `fx 100 usd` converts without targets; empty clears them.
    case targets([CurrencyCode])
    /// How ambiguous amounts such as `1.234` are read.
    case numberFormat(NumberFormat)
    /// Which publication answers a dated question (`--rule` for one run).
    case rule(RuleName)
    /// Whether each conversion's derivation is shown (`--explain` for one run).
    case explain(Bool)
    /// Whether answers are kept in the conversion log that bare `history` lists.
    case log(Bool)
    /// How a slash date that reads both ways is read.
    case dateOrder(DateOrder)
    /// A name of the user's own for a currency (lower case); nil removes it.
    case alias(String, CurrencyCode?)
}

/// `sources` and its subcommands.
public enum SourcesAction: Equatable, Sendable {
    /// The status table.
    case list
    case enable(SourceID)
    case disable(SourceID)
    /// A new order; sources not named keep their relative order after these.
    case order([SourceID])
    /// Each source's rate for the pair, the median and each one's deviation from it; on a past
    /// day, each history's rate on that day.
    case compare(CurrencyCode, CurrencyCode, on: DateExpression? = nil)
}
