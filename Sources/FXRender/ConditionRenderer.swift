import FXAnswers
import FXRates

/// `1 BTC = 61,234.5 EUR > 60,000: true`: the price compared, the comparison and the verdict.
struct ConditionRenderer {
    let text: TextRenderer

    func text(_ verdict: ConditionVerdict, now: Date) -> String {
        let condition = verdict.condition, quote = verdict.quote
        let threshold = DecimalFormat.fixed(condition.threshold.value, fractionDigits: condition.threshold.scale, grouping: true)
        let priceShown = DecimalFormat.plain(verdict.price, grouping: true)
        let word = verdict.holds ? text.style.green("true") : text.style.red("false")
        let line =
            "1 \(quote.from) = " + text.style.bold("\(priceShown) \(quote.to)") + " \(condition.comparison.rawValue) \(threshold): " + word
        return ([line] + text.provenanceLines(quote.provenances, now: now) + text.crossLines([quote])).joined(separator: "\n")
    }

    static func json(_ verdict: ConditionVerdict) -> JSONValue {
        let condition = verdict.condition, quote = verdict.quote
        var members: [(String, JSONValue)] = [
            ("base", .string(quote.from.rawValue)), ("quote", .string(quote.to.rawValue)),
            ("rate", .string(JSONRenderer.rateText(quote))), ("compared", .string(DecimalFormat.plain(verdict.price))),
            ("comparison", .string(condition.comparison.rawValue)), ("threshold", .string(DecimalFormat.plain(condition.threshold.value))),
            ("holds", .bool(verdict.holds)),
        ]
        members += JSONRenderer.change(quote)
        members += JSONRenderer.provenance(quote.provenance)
        return .object(members)
    }
}
