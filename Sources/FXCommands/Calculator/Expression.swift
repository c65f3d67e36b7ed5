/// Arithmetic with money as typed: `100 usd + 20 eur`, `(1450 chf - 200 chf) / 3`, `15% of 200 usd`.
/// Parsing builds the tree; the executor evaluates it against rates, so parsing stays pure.
public indirect enum Formula: Equatable, Sendable {
    /// A plain number (`17.5`), or money when a currency is written with it (`12.50 eur`).
    case amount(Amount, CurrencyCode?)
    /// `15%`: a number that `+` and `-` apply as a share of their left side.
    case percent(Decimal)
    /// A variable, or `ans` (the last result).
    case name(String, Token)
    case negate(Formula)
    /// `a + b - c` or `a * b / c`: operators of one precedence applied from the left. A chain is
    /// one node with its operands in an array, not a left-deep tree: a 60,000-term sum (a legitimate
    /// line under the 1 MiB limit) then stays shallow, so that evaluating, echoing and freeing it
    /// need no recursion as deep as the line is long (that overflowed the stack), and linear.
    /// `links` is never empty and holds only `+`/`-` or only `*`/`/`.
    case chain(Formula, [Link])
    /// `15% of 200 usd`.
    case percentOf(Decimal, Formula)
    /// `(1/2) usd`: a number that a currency word after it makes money.
    case inCurrency(Formula, CurrencyCode, Token)

    public enum Operator: String, Equatable, Sendable {
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"

        /// How tightly the operator binds: 1 for `+ -`, 2 for `* /`.
        public var strength: Int { self == .add || self == .subtract ? 1 : 2 }
    }

    /// One operator of a chain and the operand on its right.
    public struct Link: Equatable, Sendable {
        public var op: Operator
        public var operand: Formula
        /// The operator as written, for errors.
        public var token: Token

        public init(_ op: Operator, _ operand: Formula, _ token: Token) {
            self.op = op
            self.operand = operand
            self.token = token
        }
    }

    /// A single amount with its currency: the line `100 usd eur` is a plain conversion.
    var plainMoney: (Amount, CurrencyCode)? {
        if case .amount(let amount, let code?) = self { return (amount, code) }
        return nil
    }

    /// Whether a currency is written in this expression (names are unknown until evaluated).
    var writesCurrency: Bool {
        switch self {
        case .amount(_, let code): code != nil
        case .percent, .name: false
        case .negate(let inner), .percentOf(_, let inner): inner.writesCurrency
        case .chain(let first, let links): first.writesCurrency || links.contains { $0.operand.writesCurrency }
        case .inCurrency: true
        }
    }
}

/// One calculator line: the expression and what to do with its value.
public struct Calculation: Equatable, Sendable {
    /// The expression as typed, for the echo, the log and `--json`.
    public var text: String
    public var expression: Formula
    /// `in gbp jpy`; empty: the first currency written (or the home currency for `100 in usd`'s source).
    public var targets: [CurrencyCode]
    /// `+ 2.5% fee`, `- 1% fee`, `+ 5 usd fee`.
    public var fee: Fee?
    /// `at 1.0712` or `at 1.0712 eur/usd`: the user's own rate, compared with the reference.
    public var givenRate: GivenRate?
    /// `200 usd as % of 180 eur`: the share the expression is of this one.
    public var shareOf: Formula?
    /// `rent = 1450 chf`.
    public var assignTo: String?
    /// `eur for 500 usd`, `500 usd from eur`: the amount needed in the target to buy the expression.
    public var reverse: Bool
    public var date: DateExpression?
    /// `avg 2024`: convert at the period's mean rate.
    public var average: AveragePeriod?
    /// `avg 2026 partial`: the mean of the days held, when they are not the whole period.
    public var partial = false

    public init(
        text: String, expression: Formula, targets: [CurrencyCode] = [], fee: Fee? = nil, givenRate: GivenRate? = nil,
        shareOf: Formula? = nil, assignTo: String? = nil, reverse: Bool = false, date: DateExpression? = nil
    ) {
        self.text = text
        self.expression = expression
        self.targets = targets
        self.fee = fee
        self.givenRate = givenRate
        self.shareOf = shareOf
        self.assignTo = assignTo
        self.reverse = reverse
        self.date = date
    }

    public struct Fee: Equatable, Sendable {
        /// A share of the converted amount (2.5 for 2.5%), or a fixed amount in a currency.
        public enum Size: Equatable, Sendable {
            case percent(Decimal)
            case fixed(Decimal, CurrencyCode)
        }

        public var size: Size
        /// `- 1% fee`: taken off what is received rather than added to what is paid.
        public var deducted: Bool

        public init(size: Size, deducted: Bool) {
            self.size = size
            self.deducted = deducted
        }
    }

    public struct GivenRate: Equatable, Sendable {
        public var rate: Decimal
        /// Written as a pair (`usd/jpy`): 1 of the base buys `rate` of the quote, as `usd/jpy` means
        /// everywhere in fx (`rate usd/jpy`). Nil: units of the target per unit of the source.
        public var pair: (base: CurrencyCode, quote: CurrencyCode)?

        public init(rate: Decimal, pair: (base: CurrencyCode, quote: CurrencyCode)? = nil) {
            self.rate = rate
            self.pair = pair
        }

        /// How the rate as written applies to a conversion `from` → `to`: `.direct` multiplies,
        /// `.inverse` divides (`at 0.9 eur/usd` in a USD → EUR line); nil when the pair is another.
        /// The one place the orientation of a rate of your own is decided.
        public func orientation(from: CurrencyCode, to: CurrencyCode) -> Orientation? {
            guard let pair else { return .direct }
            if pair.base == from, pair.quote == to { return .direct }
            if pair.base == to, pair.quote == from { return .inverse }
            return nil
        }

        public enum Orientation: Sendable, Equatable {
            /// Units of the target per unit of the source.
            case direct
            /// Units of the source per unit of the target.
            case inverse
        }

        public static func == (lhs: GivenRate, rhs: GivenRate) -> Bool {
            lhs.rate == rhs.rate && lhs.pair?.base == rhs.pair?.base && lhs.pair?.quote == rhs.pair?.quote
        }
    }
}
