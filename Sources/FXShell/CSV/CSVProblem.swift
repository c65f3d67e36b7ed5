#if canImport(Glibc)
import Glibc
#endif
import FXCommands
import FXRates
import FXRender

/// Why a CSV file cannot be read or written at all: one line, and the command fails.
enum CSVFileProblem: Error, Equatable {
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
    /// `-o` names the file being read.
    case outputIsInput
    /// The rates could not be had at all (no history anywhere).
    case rates(RateError)

    /// 2 for what the command line got wrong, 1 for the rest.
    var exitStatus: Int32 {
        switch self {
        case .missingColumn, .outputIsInput: 2
        default: 1
        }
    }

    /// The line on stderr after `fx: <file>: `, or after `fx: ` for the output's problems.
    func text(file: String) -> String {
        let file = Messages.printable(file)
        switch self {
        case .unreadable(let failure), .readFailed(let failure):
            let why =
                switch failure {
                case .missing: "no such file"
                case .isDirectory: "a directory, not a file"
                case .permissionDenied: "permission denied"
                case .other(let code): String(cString: strerror(code))
                default: failure.refusal ?? "unreadable"
                }
            return "\(file): cannot read: \(why)."
        case .binary(let line):
            return "\(file):\(line): a NUL byte; this is a binary file, not CSV text."
        case .recordTooLong(let line, let limit):
            return "\(file):\(line): a record longer than \(PlainFile.sizeText(limit)); is a quote never closed? Nothing more was read."
        case .unclosedQuote(let line):
            return "\(file):\(line): a quoted field is never closed."
        case .empty:
            return "\(file): the file is empty; it needs a header line."
        case .missingColumn(let column, let option, let existing):
            let named = existing.enumerated().map { "\($0.offset + 1) \(Messages.printable($0.element))" }.joined(separator: ", ")
            switch column {
            case .name(let name):
                return "\(file): no column '\(Messages.printable(name))' for \(option); the columns are: \(named)."
            case .number(let number):
                return "\(file): no column \(number) for \(option); the file has \(existing.count): \(named)."
            }
        case .outputFailed(let reason):
            return reason + "."
        case .outputIsInput:
            return "\(file): -o names the file being read; write elsewhere (fx never modifies the file it reads)."
        case .rates(let error):
            return Messages.text(for: error)
        }
    }
}

/// Why one row got no conversion; the row is still written, with empty added columns.
enum CSVRowProblem: Error, Equatable {
    case missingField(option: String, column: Int, fields: Int)
    case emptyCurrency
    case unknownCurrency(String)
    case currencyDisagrees(amount: CurrencyCode, column: CurrencyCode)
    case badAmount(String, FieldAmount.Problem)
    case badDate(String, format: String?)
    case rates(RateError)
    /// Not a problem of the row: the currency's rates are yet to be asked for.
    case ratesNeeded(CurrencyCode)

    var text: String {
        switch self {
        case .missingField(let option, let column, let fields):
            return "the row has \(fields) field\(fields == 1 ? "" : "s"), so no column \(column) for \(option)."
        case .emptyCurrency:
            return "no currency: the currency field is empty and the amount has no symbol or code."
        case .unknownCurrency(let text):
            return "unknown currency '\(Messages.printable(text))'."
        case .currencyDisagrees(let amount, let column):
            return "the amount is in \(amount) but the currency column says \(column)."
        case .badAmount(let text, let problem):
            let shown = Messages.printable(text)
            switch problem {
            case .empty: return "no amount: the field is empty."
            case .ambiguous: return "the amount '\(shown)' reads two ways; say --number-format en or de."
            case .unknownCurrency(let code): return "unknown currency '\(Messages.printable(code))' on the amount '\(shown)'."
            case .tooLarge: return "the amount '\(shown)' is beyond what a conversion keeps exact."
            case .malformed: return "'\(shown)' is not an amount."
            }
        case .badDate(let text, let format):
            return
                "'\(Messages.printable(text))' is not a date\(format.map { " in the form \($0)" } ?? " (YYYY-MM-DD; --date-format reads others)")."
        case .rates(let error):
            return Messages.text(for: error)
        case .ratesNeeded(let code):
            return "no rates asked for \(code) yet."
        }
    }
}
