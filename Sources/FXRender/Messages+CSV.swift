#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FXAnswers
import FXCommands
import FXRates

extension Messages {
    static let csvExample = "csv statement.csv --amount Amount --currency Currency --date Date --to eur"

    static func text(for problem: CSVUsageProblem) -> String {
        switch problem {
        case .missingFile:
            return "Missing the file to convert. Example: \(csvExample)"
        case .missingValue(let option):
            return "Missing value after '\(printable(option))'. Example: \(csvExample)"
        case .unknownOption(let option, let suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? " Type 'help csv' for its options; fx's own options go before 'csv'."
            return "Unknown csv option '\(printable(option))'.\(hint)"
        case .missingOption(let option):
            return "Missing \(option) <\(option == "--to" ? "currency" : "column")>. Example: \(csvExample)"
        case .badValue(let option, let value, let expected):
            return "'\(printable(value))' is no value for \(option); expected \(expected)."
        case .currencyTwice:
            return "Give either --currency (a column) or --from (one currency for every row), not both."
        case .jsonOutput:
            return "csv writes CSV records, not JSON: run it without --json (with -o FILE to keep them in a file)."
        }
    }

    /// A CSV file that cannot be read or written at all, after `fx: `.
    public static func text(for problem: CSVFileProblem, file: String) -> String {
        let file = printable(file)
        switch problem {
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
            let named = columnList(existing)
            switch column {
            case .name(let name):
                let columns = existing.count > shownColumns ? "the file has \(count(existing.count)) columns" : "the columns are"
                return "\(file): no column '\(Messages.printable(name))' for \(option); \(columns): \(named)."
            case .number(let number):
                return "\(file): no column \(number) for \(option); the file has \(count(existing.count)): \(named)."
            }
        case .outputFailed(let reason):
            return reason + "."
        case .standardStreamFailed:
            return "\(file): the converted rows could not all be written; the rest were not converted."
        case .outputIsInput:
            return "\(file): -o names the file being read; write elsewhere (fx never modifies the file it reads)."
        case .rates(let error):
            return Messages.text(for: error)
        case .ambiguousDates(let text, let dayFirst, let monthFirst):
            let slash = text.contains("-") ? "-" : "/"
            return
                "\(file): every date reads two ways ('\(printable(text))' is \(dayFirst) day first or \(monthFirst) month first);"
                + " say --date-order dmy or mdy, or --date-format %d\(slash)%m\(slash)%Y."
        }
    }

    /// What a statement was read as without being told, after `note: <file>: `.
    public static func text(for note: StatementNote) -> String {
        switch note {
        case .dates(let dates):
            let reading = dates.day.map { "'\(printable(dates.example))' is \($0)" } ?? "'\(printable(dates.example))'"
            guard let proof = dates.proof else {
                return "dates read as \(dates.format) (\(reading)); --date-format reads them otherwise."
            }
            let order = dates.format.hasPrefix("%d") ? "day first" : "month first"
            return
                "dates read \(order), \(dates.format), as '\(printable(proof.text))' on line \(proof.line) can only be (\(reading));"
                + " --date-order or --date-format reads them otherwise."
        case .numbers(let format, let evidence, let settles):
            let mark = format.decimalMark == "," ? "a decimal comma" : "a decimal point"
            let other = format.decimalMark == "," ? "en" : "de"
            let why =
                switch evidence {
                case .amount(let text, let line): "as '\(printable(text))' on line \(line) shows"
                case .delimiter(UInt8(ascii: ",")): "as a comma-separated file leaves no room for a decimal comma outside quotes"
                case .delimiter: "as a semicolon-separated file is written where the comma is the decimal mark"
                }
            let settled = settles.map { " ('\(printable($0.text))' is \(DecimalFormat.plain($0.value)))" } ?? ""
            return "amounts read with \(mark), \(why)\(settled); --number-format \(other) reads them otherwise."
        }
    }

    /// The columns a missing-column error names: a header of 500,000 columns once made a 4.9 MB line.
    static let shownColumns = 10

    /// `1 Date, 2 Memo, 3 Amount`, the first `shownColumns` of them and how many more.
    private static func columnList(_ columns: [String]) -> String {
        let named = columns.prefix(shownColumns).enumerated().map { "\($0.offset + 1) \(printable($0.element))" }.joined(separator: ", ")
        return columns.count > shownColumns ? named + " and \(count(columns.count - shownColumns)) more" : named
    }

    /// `500,000`.
    private static func count(_ number: Int) -> String { DecimalFormat.plain(Decimal(number), grouping: true) }

    /// Why one row of a CSV file got no conversion, after `fx: <file>:<line>: `.
    public static func text(for problem: CSVRowProblem) -> String {
        switch problem {
        case .missingField(let option, let column, let fields):
            return "the row has \(fields) field\(fields == 1 ? "" : "s"), so no column \(column) for \(option)."
        case .extraFields(let fields, let header):
            return
                "the row has \(fields) fields but the header names \(header); a field too many (an unquoted delimiter?) would shift the columns."
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
        case .futureDate(let text, let day):
            return "'\(Messages.printable(text))' is \(day), in the future; no rates are published for it yet."
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
