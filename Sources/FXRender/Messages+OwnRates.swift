import FXAnswers
import FXCommands

extension Messages {
    /// After `at`, a word that is no rate: what is wrong with it and how a rate is written.
    static func ownRate(_ word: String, _ hint: UsageError.RateHint) -> String {
        switch hint {
        case .exponent:
            "Malformed rate '\(word)': write it out, exponents such as 1e2 are not read. Example: 100 usd in jpy at 150.5"
        case .currency:
            "Malformed rate '\(word)': a rate is a plain number, its pair after it. Example: 100 usd in jpy at 150.5 usd/jpy"
        case .malformed:
            "Malformed rate '\(word)'. Write a rate like 1.0712 or 150.5. Example: 500 eur in usd at 1.0712"
        case .notANumber:
            "Expected a rate or a date after 'at', not '\(word)'. Examples: 500 eur in usd at 1.0712, 100 usd eur at 2024-03-01"
        }
    }

    /// A calculator line with a word too many, named by the word before it, not by a command not typed.
    static func unexpected(_ word: String, after: String) -> String {
        let fee = word == "+" || word == "-" ? " A fee is written with its word: + 2% fee." : ""
        return "Unexpected '\(word)' after '\(after)'.\(fee) Type 'help convert' for the calculator's grammar."
    }

    /// A rate of your own far from the reference: most likely a pair written the other way round.
    public static func ownRateFarOff(_ given: CalculationResult.GivenRateLine) -> String? {
        guard given.farFromReference, let reference = given.reference, let deviation = given.deviation,
            let referenceRate = given.referenceRate
        else { return nil }
        let pair = "\(given.base)/\(given.quote)"
        return "your rate \(DecimalFormat.plain(given.rate)) \(pair) is "
            + "\(DecimalFormat.fixed(abs(deviation).rounded(scale: 0), fractionDigits: 0))% from the reference "
            + "\(DecimalFormat.rate(referenceRate)) (\(reference.provenance.source.rawValue.uppercased()) \(reference.provenance.date)); "
            + "\(pair) means 1 \(given.base) = \(DecimalFormat.plain(given.rate)) \(given.quote)"
    }
}
