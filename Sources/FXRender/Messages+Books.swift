import FXCommands

extension Messages {
    /// Price files, averages and date rules.
    static func text(for problem: BooksProblem) -> String {
        switch problem {
        case .digits(let maximum):
            "--digits takes a whole number of significant digits from 1 to \(maximum), as in --digits 6."
        case .digitsOutsidePriceFile:
            "--digits applies to price files; add --ledger, --hledger or --beancount."
        case .period(let word):
            "Unknown period '\(printable(word))' after 'avg'. Use 2024, 2024-03, q1 2024, march 2024, or from 2024-01-15 to 2024-02-15."
        case .missingPeriod:
            "Missing a period after 'avg'. Example: rate usd eur avg 2024"
        case .unknownRule, .taxYearWithoutRule:
            rulesText(for: problem)
        }
    }
}
