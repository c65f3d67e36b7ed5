import FXAnswers
import FXRates

/// `--explain`: how each conversion in an answer was derived. Every rate used with its source,
/// publication date and fetch time; how the pair's rate follows from them (the cross formula);
/// the unrounded result; and the rounding step. Built from the answer alone, so it shows
/// exactly the numbers that made it.
public struct Explanation: Sendable {
    /// One amount of one currency taken into another.
    public struct Step: Sendable {
        public let amount: Decimal
        public let quote: Quote
        /// The table's base the rates are quoted against (`EUR` for the ECB).
        public let base: String
        public let unrounded: Decimal
        /// Nil where the step is one term of a sum: the rounding comes after the sum.
        public let rounded: Decimal?
        public let fractionDigits: Int
    }

    public let steps: [Step]
    /// For a calculation: the unrounded total of its terms, the total rounded, and its digits.
    public let total: (unrounded: Decimal, rounded: Decimal, fractionDigits: Int, currency: CurrencyCode)?
    /// For a CSV row with `--fee`: the percentage, and the fee on the unrounded amount, rounded once.
    public var fee: (percent: Decimal, amount: Decimal)?
    /// For a CSV row: `statement.csv:17`, said before the amount.
    public var place: String?

    /// One amount converted by `quote` (a CSV row), rounded to `fractionDigits`; `base` is the
    /// currency the quote's rates are against.
    public static func conversion(
        _ amount: Decimal, by quote: Quote, base: CurrencyCode, fractionDigits: Int, place: String? = nil
    ) -> Explanation {
        let rounded = quote.convert(amount, places: fractionDigits) ?? .nan
        let step = Step(
            amount: amount, quote: quote, base: base.rawValue, unrounded: quote.convert(amount) ?? rounded, rounded: rounded,
            fractionDigits: fractionDigits)
        var explanation = Explanation(steps: [step], total: nil, fee: nil)
        explanation.place = place
        return explanation
    }

    /// The explanation of `outcome`, or nil when it converts nothing. `bases` names each source's
    /// base currency, which a quote does not carry.
    public static func of(_ outcome: Outcome, bases: [SourceID: String]) -> Explanation? {
        func base(_ quote: Quote) -> String {
            if quote.fromPerBase == 1 { return quote.from.rawValue }
            if quote.toPerBase == 1 { return quote.to.rawValue }
            return quote.via?.rawValue ?? bases[quote.provenance.source] ?? "base"
        }
        switch outcome {
        case .conversion(let conversion):
            let steps = conversion.lines.map { line in
                Step(
                    amount: conversion.amount, quote: line.quote, base: base(line.quote),
                    unrounded: line.quote.convert(conversion.amount) ?? line.result,
                    rounded: line.result, fractionDigits: line.fractionDigits)
            }
            return steps.isEmpty ? nil : Explanation(steps: steps, total: nil, fee: nil, place: nil)
        case .calculation(let result) where result.kind == .value && result.lines.count == 1:
            let line = result.lines[0]
            let steps = line.terms.compactMap { term in
                term.quote.map {
                    Step(
                        amount: term.amount, quote: $0, base: base($0), unrounded: term.converted, rounded: nil,
                        fractionDigits: line.fractionDigits)
                }
            }
            guard !steps.isEmpty, let currency = line.currency else { return nil }
            // The sum of the terms is the unrounded result when nothing (a fee, a given rate) came after it.
            let sum = line.terms.reduce(Decimal(0)) { $0 + $1.converted }
            let total =
                line.fee == nil && line.givenRate == nil && sum.rounded(scale: line.fractionDigits) == line.result
                ? (sum, line.result, line.fractionDigits, currency) : nil
            return Explanation(steps: steps, total: total, fee: nil, place: nil)
        default:
            return nil
        }
    }
}

extension Explanation.Step {
    /// `USD per EUR`, the words of a rate against the base.
    func per(_ code: CurrencyCode) -> String { "\(code) per \(base)" }

    /// The pair's rate from the rates used: `JPY per EUR ÷ USD per EUR = 175.68 ÷ 1.1172`.
    var formula: String {
        // Two figures of the home currency per unit (NBP's): `toPerBase` is the one of `from`.
        if let home = quote.provenance.rule?.homePerUnit {
            return "\(quote.to) per \(quote.from) = \(home) per \(quote.from) ÷ \(home) per \(quote.to) = "
                + "\(DecimalFormat.plain(quote.toPerBase)) ÷ \(DecimalFormat.plain(quote.fromPerBase))"
        }
        if quote.via != nil, quote.secondLeg != nil {
            return "\(quote.to) per \(quote.from) = (\(quote.to) per \(base) × \(base) per …) = "
                + "\(DecimalFormat.plain(quote.toPerBase)) ÷ \(DecimalFormat.plain(quote.fromPerBase))"
        }
        if quote.fromPerBase == 1 {
            return "\(quote.to) per \(quote.from) = \(DecimalFormat.plain(quote.toPerBase)) (read as published: \(quote.from) is the base)"
        }
        if quote.toPerBase == 1 {
            return "\(quote.to) per \(quote.from) = 1 ÷ \(per(quote.from)) = 1 ÷ \(DecimalFormat.plain(quote.fromPerBase))"
        }
        return "\(quote.to) per \(quote.from) = \(per(quote.to)) ÷ \(per(quote.from)) = "
            + "\(DecimalFormat.plain(quote.toPerBase)) ÷ \(DecimalFormat.plain(quote.fromPerBase))"
    }

    /// Each rate read from a table, with where it came from and, for a blend's row, the
    /// institutions that made it with their own rates and days (empty otherwise).
    var rates: [(name: String, rate: Decimal, provenance: Provenance, institutions: [Contribution])] {
        if quote.via != nil, let second = quote.secondLeg {
            return [("\(quote.from) leg", quote.fromPerBase, quote.provenance, []), ("\(quote.to) leg", quote.toPerBase, second, [])]
        }
        if let home = quote.provenance.rule?.homePerUnit {
            return [
                ("\(home) per \(quote.from)", quote.toPerBase, quote.provenance, []),
                ("\(home) per \(quote.to)", quote.fromPerBase, quote.provenance, []),
            ]
        }
        var rates: [(name: String, rate: Decimal, provenance: Provenance, institutions: [Contribution])] = []
        for (code, rate) in [(quote.from, quote.fromPerBase), (quote.to, quote.toPerBase)] where rate != 1 {
            rates.append((per(code), rate, Self.row(code, of: quote.provenance), quote.provenance.rows[code]?.contributions ?? []))
        }
        return rates
    }

    /// The provenance of the one row that priced `code`: its own day, and the institutions that
    /// made it ("blend of ECB, FRED, BOC") or its peg; the answer's as it is for other sources.
    static func row(_ code: CurrencyCode, of provenance: Provenance) -> Provenance {
        guard let row = provenance.rows[code] else { return provenance }
        var leg = provenance
        leg.date = row.day
        leg.basis = row.institutions.map { keys in
            keys.isEmpty ? (Pegs.peg(of: code)?.text ?? "set by a peg") : "blend of " + keys.joined(separator: ", ")
        }
        return leg
    }
}
