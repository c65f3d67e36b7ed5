import FXCommands
import FXRates

/// Why a CSV file cannot be read or written at all: one line, and the command fails. Worded in
/// FXRender (`Messages.text(for:file:)`).
public enum CSVFileProblem: Error, Sendable, Equatable {
    case unreadable(PlainFile.Failure)
    case readFailed(PlainFile.Failure)
    /// A NUL byte: not a text file.
    case binary(line: Int)
    case recordTooLong(line: Int, limit: Int)
    case unclosedQuote(line: Int)
    case empty
    /// A named column the header lacks, or a number beyond its columns.
    case missingColumn(CSVRequest.Column, option: String, existing: [String])
    case outputFailed(String)
    /// Standard output or standard error took no more (a full disk, `/dev/full`): the rows stop,
    /// and the mode says why once, as for every other command.
    case standardStreamFailed
    /// `-o` names the file being read.
    case outputIsInput
    /// The rates could not be had at all (no history anywhere).
    case rates(RateError)
    /// Every slash date reads two ways and nothing says which (`--date-order`, `--date-format`).
    case ambiguousDates(String, dayFirst: Day, monthFirst: Day)

    /// 2 for what the command line got wrong, 1 for the rest.
    public var exitStatus: Int32 {
        switch self {
        case .missingColumn, .outputIsInput, .ambiguousDates: 2
        default: 1
        }
    }
}

/// Why one row got no conversion; the row is still written, with empty added columns. Worded in
/// FXRender (`Messages.text(for:)`).
public enum CSVRowProblem: Error, Sendable, Equatable {
    case missingField(option: String, column: Int, fields: Int)
    /// More fields than the header names: the columns fx adds would stand under the wrong headings.
    case extraFields(fields: Int, header: Int)
    case emptyCurrency
    case unknownCurrency(String)
    case currencyDisagrees(amount: CurrencyCode, column: CurrencyCode)
    case badAmount(String, FieldAmount.Problem)
    case badDate(String, format: String?)
    /// A date after today, as written and as read: no rates are published for it.
    case futureDate(String, Day)
    case rates(RateError)
    /// Not a problem of the row: the currency's rates are yet to be asked for.
    case ratesNeeded(CurrencyCode)
}

/// What a statement read without being told, said once on stderr before its rows' problems.
/// Worded in FXRender (`Messages.text(for:)`).
public enum StatementNote: Sendable, Equatable {
    /// Dates read without `--date-format`.
    case dates(InferredDates)
    /// Amounts read without `--number-format`: the format, what showed it, and the first amount
    /// that read two ways until then (as written, and its value now), if one did.
    case numbers(NumberFormat, shownBy: NumberEvidence, settles: (text: String, value: Decimal)?)

    public static func == (lhs: StatementNote, rhs: StatementNote) -> Bool {
        switch (lhs, rhs) {
        case (.dates(let a), .dates(let b)): a == b
        case (.numbers(let a, let shownA, let settlesA), .numbers(let b, let shownB, let settlesB)):
            a == b && shownA == shownB && settlesA?.text == settlesB?.text && settlesA?.value == settlesB?.value
        default: false
        }
    }
}

/// What showed a statement's number format.
public enum NumberEvidence: Sendable, Equatable {
    /// An amount that reads one way only (`12,50`), and its line.
    case amount(String, line: Int)
    /// The delimiter: `,` leaves no room for a decimal comma outside quotes; `;` is what
    /// spreadsheets write where the comma is the decimal mark.
    case delimiter(UInt8)
}
