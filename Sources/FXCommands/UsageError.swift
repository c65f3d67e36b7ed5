/// A line that could not be understood, with the word to blame. Worded by `Messages`.
public struct UsageError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case unknownCommand(String, suggestion: String?)
        case unknownCurrency(String, suggestion: CurrencyCode?)
        /// `100 cfa francs in eur`: a name two currencies share, as the currency of an amount.
        case eitherCurrency(String, codes: [CurrencyCode])
        case unknownSource(String, known: [SourceID])
        case missingSource(after: String)
        case malformedAmount(String, hint: AmountHint?)
        case missingAmount(command: String)
        case missingCurrency(after: String)
        case missingTarget(after: String)
        /// `set` without a key or value.
        case missingSetting(after: String)
        case unknownSetting(String, known: [String])
        /// `100 usd` with no target and no home currency or saved targets.
        case noTarget(CurrencyCode)
        case unexpectedWord(String, command: String)
        /// A calculator line that named no command: the word and the one before it.
        case unexpectedInCalculation(String, after: String)
        /// Price files, averages and date rules.
        case books(BooksProblem)
        case unknownHelpTopic(String, suggestion: String?)
        case malformedDate(String)
        /// A date that was read but names no one day: `01/02/2024`, `31 feb 2024`.
        case dates(DateProblem)
        case missingDate(after: String)
        case malformedRange(String)
        /// `history usd usd`, `rate usd usd on …`: a pair needs two currencies.
        case samePair(CurrencyCode)
        /// A date after today.
        case futureDate(Day)
        /// A script line beyond `limit` bytes: skipped unread, so one line costs no more memory.
        case lineTooLong(limit: Int)
        /// `as %` not followed by `of`, and the like.
        case expected(String, after: String)
        /// A word where the calculator needs a number, a currency amount or '('.
        case expectedAmount(found: String)
        case unbalanced(String)
        /// Parentheses, signs or `% of` nested deeper than `limit`: refused before the reader runs out of stack.
        case nestedTooDeep(limit: Int)
        /// `15 usd %`: only a plain number can be a percentage.
        case percentOfMoney
        /// `at 0`, `at -1`.
        case nonPositiveRate(String)
        /// `at 1e2`, `at abc`, `at 5 usd`: after `at`, neither a rate nor a date.
        case malformedRate(String, hint: RateHint)
        /// `100 usd eur --ledger`: an option this line's grammar has not (here `history`'s).
        case misplacedOption(String)
        /// `--jsn`, `-v`: no option of fx's; the nearest real one, if any is near.
        case unknownOption(String, suggestion: String?)
        /// `--offline` on a line: an option for a whole run, and what to write instead.
        case runOption(String, instead: String)
        /// `--source` with nothing after it.
        case missingOptionValue(String, valueName: String)
        /// `--max-age soon`.
        case malformedOptionValue(String, value: String)
        /// `usd = 5`, `in = 3`: a variable may not take the name of a currency, keyword or command.
        case badName(String, reason: NameProblem)
        /// `set alias usd eur`, `set alias in gbp`: an alias may not be a code, symbol or keyword.
        case badAlias(String, reason: CurrencyAliases.Problem)
        /// A calculation that mixes what cannot be mixed, said in full (`100 USD + 5`).
        case mismatch(Mismatch)
        case unknownName(String, suggestion: String?)
        case divisionByZero
        /// A value beyond what 38 exact digits hold.
        case overflow
        /// A `csv` line's options.
        case csv(CSVUsageProblem)
        /// A `watch` line's pairs or options.
        case watch(WatchProblem)
    }

    public enum NameProblem: Equatable, Sendable {
        case notAName
        case keyword
        case currency
    }

    /// Arithmetic that money does not allow.
    public enum Mismatch: Equatable, Sendable {
        /// `100 usd + 5`: money and a plain number.
        case addNumberToMoney(operator: String)
        /// `100 usd * 2 eur`.
        case multiplyMoney
        /// `5 / 100 usd`.
        case divideByMoney
        /// `rent usd` when rent is already money in another currency.
        case alreadyMoney(String, CurrencyCode)
        /// `17.5 * 3 in usd` without a home currency.
        case numberHasNoCurrency
        /// `at 1.07` with several currencies or targets.
        case rateNeedsOnePair
        /// `200 usd as % of 5`.
        case shareOfNumber
    }

    /// Why a rate of your own was refused.
    public enum RateHint: Equatable, Sendable {
        case exponent
        /// A currency written on the rate (`at 5 usd`): the pair goes after it (`at 150.5 usd/jpy`).
        case currency
        /// Digits, but not a number fx reads (`at 1.2.3`).
        case malformed
        /// A word that is neither a number nor a date (`at abc`).
        case notANumber
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
