import FXCommands

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
        }
    }
}
