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

    /// 2 for what the command line got wrong, 1 for the rest.
    public var exitStatus: Int32 {
        switch self {
        case .missingColumn, .outputIsInput: 2
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
