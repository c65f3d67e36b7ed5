import FXRates

/// A line that could not be understood, with the word to blame. Worded by `Messages`.
public struct UsageError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case unknownCommand(String, suggestion: String?)
        case unknownCurrency(String, suggestion: CurrencyCode?)
        case unknownSource(String, known: [SourceID])
        case missingSource(after: String)
        case malformedAmount(String, hint: AmountHint?)
        case missingAmount(command: String)
        case missingCurrency(after: String)
        case missingTarget(after: String)
        case unexpectedWord(String, command: String)
        case unknownHelpTopic(String, suggestion: String?)
        case malformedDate(String)
        case missingDate(after: String)
        case malformedRange(String)
        /// `history usd usd`, `rate usd usd on …`: a pair needs two currencies.
        case samePair(CurrencyCode)
        /// A date after today.
        case futureDate(Day)
        /// A script line beyond `limit` bytes: skipped unread, so one line costs no more memory.
        case lineTooLong(limit: Int)
    }

    /// Why an amount was refused, when more can be said than "malformed".
    public enum AmountHint: Equatable, Sendable {
        case decimalComma
        case exponent
        case tooPrecise
        /// Beyond what 38 exact digits can carry through a conversion to the cent.
        case tooLarge
    }

    public let kind: Kind
    /// Character offsets of the offending word in the line, when there is one.
    public let span: Range<Int>?
    /// A line of the command at fault that shows what was missing (`rate usd jpy`), when known.
    public let example: String?

    public init(_ kind: Kind, at token: Token? = nil, example: String? = nil) {
        self.kind = kind
        span = token.map { $0.start..<$0.end }
        self.example = example
    }

    public init(_ kind: Kind, span: Range<Int>?, example: String? = nil) {
        self.kind = kind
        self.span = span
        self.example = example
    }

    /// The same error showing `example`.
    func with(example: String?) -> UsageError {
        UsageError(kind, span: span, example: example)
    }
}
