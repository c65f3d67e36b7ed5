/// `csv <file> …`: what to read from which columns, and what to add.
public struct CSVRequest: Equatable, Sendable {
    /// A column named by its header or by its 1-based number.
    public enum Column: Equatable, Sendable, CustomStringConvertible {
        case name(String)
        case number(Int)

        public var description: String {
            switch self {
            case .name(let name): name
            case .number(let number): "#\(number)"
            }
        }
    }

    public var path: String
    public var amount: Column
    /// The column holding each row's currency; nil with `from`, or when amounts carry a symbol.
    public var currency: Column?
    /// One currency for every row (`--from usd`).
    public var from: CurrencyCode?
    public var date: Column
    public var to: CurrencyCode
    /// `--fee 1.75%`: the percentage, as 1.75.
    public var feePercent: Decimal?
    /// `;`, `,` or TAB; nil detects it from the header line.
    public var delimiter: UInt8?
    /// nil: unambiguous amounts decide, and numbers fx adds use `.`.
    public var numberFormat: NumberFormat?
    /// strftime-style (`%d.%m.%Y`); nil reads the format the file's dates show (`DateInference`).
    public var dateFormat: String?
    /// How a slash date read both ways is read (`--date-order`, else the `date_order` setting);
    /// nil or `.ask`: the file's dates decide, or it is refused.
    public var dateOrder: DateOrder?
    /// Which publication a row's date takes; nil for fx's `--rule`, else the `rule` setting.
    public var rule: RuleName?
    /// `-o out.csv`: written atomically; nil writes to stdout.
    public var output: String?
    public var failFast: Bool

    public init(
        path: String, amount: Column, currency: Column? = nil, from: CurrencyCode? = nil, date: Column, to: CurrencyCode,
        feePercent: Decimal? = nil, delimiter: UInt8? = nil, numberFormat: NumberFormat? = nil, dateFormat: String? = nil,
        rule: RuleName? = nil, output: String? = nil, failFast: Bool = false
    ) {
        self.path = path
        self.amount = amount
        self.currency = currency
        self.from = from
        self.date = date
        self.to = to
        self.feePercent = feePercent
        self.delimiter = delimiter
        self.numberFormat = numberFormat
        self.dateFormat = dateFormat
        self.rule = rule
        self.output = output
        self.failFast = failFast
    }
}

/// Why a `csv` line cannot run, before any file is opened.
public enum CSVUsageProblem: Equatable, Sendable {
    case missingFile
    /// An option without its value.
    case missingValue(option: String)
    case unknownOption(String, suggestion: String?)
    /// A required option not given (`--amount`, `--date`, `--to`).
    case missingOption(String)
    case badValue(option: String, value: String, expected: String)
    /// Both `--currency` and `--from`.
    case currencyTwice
    /// Asked under `--json`: a statement's records are CSV, which JSON mode would pass off as its own.
    case jsonOutput
}
