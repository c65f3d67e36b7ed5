import FXCommands
import FXRates

/// What a calculator line came to: one line per target currency (or one for a plain number).
public struct CalculationResult: Sendable, Equatable {
    /// The expression as typed.
    public let text: String
    /// The expression with its amounts written out (`100.00 USD + 20.00 EUR`), for the echo.
    public let echo: String
    public let kind: Kind
    public let lines: [Line]
    /// `rent = …`: the name the result was kept under.
    public let assignedTo: String?
    /// `avg 2024`: the rates used are the means of the daily rates in this period.
    public var average: AveragePeriod?
    /// `3 weeks ago = 2026-11-04`: the day a date in words meant, when one was typed.
    public var dateMeaning: DateMeaning?

    public enum Kind: Sendable, Equatable {
        /// Arithmetic, with or without conversion.
        case value
        /// `200 usd as % of 180 eur`: the result is a percentage.
        case share
        /// `eur for 500 usd`: the result is what buys the expression.
        case reverse
    }

    public init(text: String, echo: String, kind: Kind, lines: [Line], assignedTo: String?) {
        self.text = text
        self.echo = echo
        self.kind = kind
        self.lines = lines
        self.assignedTo = assignedTo
    }

    public struct Line: Sendable, Equatable {
        /// Rounded once, to the currency's minor unit (a plain number or a share is not rounded
        /// past the 38 digits it carries, but is shown trimmed).
        public let result: Decimal
        /// Nil for a plain number or a share.
        public let currency: CurrencyCode?
        public let fractionDigits: Int
        /// Each currency written, with what it came to in `currency`.
        public let terms: [Term]
        /// Before the fee, rounded, when there is one.
        public let fee: FeeLine?
        public let givenRate: GivenRateLine?

        public init(
            result: Decimal, currency: CurrencyCode?, fractionDigits: Int, terms: [Term], fee: FeeLine? = nil,
            givenRate: GivenRateLine? = nil
        ) {
            self.result = result
            self.currency = currency
            self.fractionDigits = fractionDigits
            self.terms = terms
            self.fee = fee
            self.givenRate = givenRate
        }

        /// The result in one line: `96.05 GBP`, `52.5`, `103.46%`.
        public func shownResult(kind: Kind) -> String {
            if kind == .share { return DecimalFormat.fixed(result, fractionDigits: 2, grouping: true) + "%" }
            guard let currency else { return DecimalFormat.plain(result, grouping: true) }
            return DecimalFormat.fixed(result, fractionDigits: fractionDigits, grouping: true) + " " + currency.rawValue
        }

        /// Every rate used, for provenance and `--max-age`.
        public var quotes: [Quote] { terms.compactMap(\.quote) + (givenRate?.reference.map { [$0] } ?? []) }
    }

    /// An amount of one currency in the expression (all its terms summed, unrounded).
    public struct Term: Sendable, Equatable {
        public let amount: Decimal
        public let from: CurrencyCode
        /// Nil when no conversion was needed.
        public let quote: Quote?
        /// In the line's currency, unrounded.
        public let converted: Decimal

        public init(amount: Decimal, from: CurrencyCode, quote: Quote?, converted: Decimal) {
            self.amount = amount
            self.from = from
            self.quote = quote
            self.converted = converted
        }
    }

    public struct FeeLine: Sendable, Equatable {
        /// The conversion before the fee, rounded.
        public let subtotal: Decimal
        /// `total - subtotal`, so the three lines add up.
        public let amount: Decimal
        public let size: Calculation.Fee.Size

        public init(subtotal: Decimal, amount: Decimal, size: Calculation.Fee.Size) {
            self.subtotal = subtotal
            self.amount = amount
            self.size = size
        }
    }

    public struct GivenRateLine: Sendable, Equatable {
        /// The rate as written: 1 `base` buys `rate` of `quote` (a bare `at 1.07`: the source and the target).
        public let rate: Decimal
        public let base: CurrencyCode
        public let quote: CurrencyCode
        /// The reference for the pair, when one could be had; the rate of your own answers without it.
        public let reference: Quote?
        /// The reference as `rate` is written (1 `base` in `quote`).
        public let referenceRate: Decimal?
        /// How far the given rate is from the reference, in percent (negative: below).
        public let deviation: Decimal?

        /// Beyond this many percent from the reference, the rate is likely a pair written the
        /// other way round or a typo, and a warning says so.
        public static let farOffPercent: Decimal = 50

        public init(rate: Decimal, base: CurrencyCode, quote: CurrencyCode, reference: Quote?, referenceRate: Decimal?, deviation: Decimal?)
        {
            self.rate = rate
            self.base = base
            self.quote = quote
            self.reference = reference
            self.referenceRate = referenceRate
            self.deviation = deviation
        }

        public var farFromReference: Bool { deviation.map { abs($0) > Self.farOffPercent } ?? false }
    }
}

/// `set`, `settings` and `vars`: the preferences and the session's names, listed.
public struct Listing: Sendable, Equatable {
    public let title: String
    /// A nil value is a preference not set.
    public let rows: [(name: String, value: String?)]

    public init(title: String, rows: [(name: String, value: String?)]) {
        self.title = title
        self.rows = rows
    }

    public static func == (lhs: Listing, rhs: Listing) -> Bool {
        lhs.title == rhs.title && lhs.rows.map(\.name) == rhs.rows.map(\.name) && lhs.rows.map(\.value) == rhs.rows.map(\.value)
    }
}
