import FXAnswers
import FXRates

/// The lane for sums, `12.50 usd + 7 eur - 1,000 jpy in gbp`: each pair's rates are learned from
/// the general path's answer to such a line, under the same rules as conversions (no warning, the
/// lane's own answer to that line byte for byte what was printed, a second's lifetime), and
/// kept apart from the conversions' pairs. The general path alone is two orders of magnitude too
/// slow for the sums target: see Benchmarks/README.md, "What the figures say" (sums), for the
/// figures with and without the lane. The sum is `FixedPoint.QuotientSum`'s: exact, or left to the
/// general path.
extension QuickLane {
    /// Terms a sum line may have here.
    static let sumTerms = 8
    /// Keys of pairs learned from sums carry this bit, so that conversions never use them.
    static let sumKey: UInt32 = 1 << 30

    struct SumTerm {
        var amount: UInt128
        var scale: Int
        var code: (UInt8, UInt8, UInt8)
        var negative: Bool
    }

    /// `<amount> <abc> (+|- <amount> <abc>)+ (in|to) <abc>`, single spaces, amounts unsigned with
    /// `,` only between groups of three (where `format` reads `,` so); the count of terms written to `terms`, or nil.
    static func parseSum(
        _ bytes: UnsafeBufferPointer<UInt8>, format: NumberFormat = .english, into terms: UnsafeMutableBufferPointer<SumTerm>
    ) -> (count: Int, target: (UInt8, UInt8, UInt8))? {
        let english = format.decimalMark == "."
        let syntax = FixedPoint.Syntax(groups: english, threeDecimals: english, significantDigits: 18, stop: 0x20)
        var index = 0, count = 0
        let end = bytes.count
        var negative = false
        while true {
            guard count < terms.count, let numeral = FixedPoint.read(bytes, from: index, syntax), numeral.digits <= 18 else { return nil }
            // `007`: the general path decides what leading zeros mean.
            if bytes[index] == 0x30, numeral.end - index > 1, bytes[index + 1] != 0x2E { return nil }
            let next = numeral.end
            guard next + 4 < end, bytes[next] == 0x20, let code = letters(bytes, at: next + 1), bytes[next + 4] == 0x20 else { return nil }
            terms[count] = SumTerm(amount: numeral.mantissa, scale: numeral.scale, code: code, negative: negative)
            count += 1
            index = next + 5
            guard index + 1 < end else { return nil }
            let sign = bytes[index]
            if sign == 0x2B || sign == 0x2D, bytes[index + 1] == 0x20 {
                negative = sign == 0x2D
                index += 2
                continue
            }
            let first = bytes[index] | 0x20, second = bytes[index + 1] | 0x20
            guard count > 1, index + 6 == end, bytes[index + 2] == 0x20,
                (first == 0x69 && second == 0x6E) || (first == 0x74 && second == 0x6F),
                let target = letters(bytes, at: index + 3)
            else { return nil }
            return (count, target)
        }
    }

    // MARK: - Learning and answering

    /// Learns the pairs of a sum the general path answered for `line` and printed as `printed`.
    public func learnSum(line: String, result: CalculationResult, printed: String) {
        guard result.kind == .value, result.assignedTo == nil, result.lines.count == 1, let answer = result.lines.first,
            answer.fee == nil, answer.givenRate == nil, let target = answer.currency
        else { return }
        var utf8 = Array(line.utf8)
        let now = clock.now()
        var pending: [(key: UInt32, entry: Entry)] = []
        let same = utf8.withUnsafeMutableBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: SumTerm.self, capacity: Self.sumTerms) { terms -> Bool in
                guard let (count, to) = Self.parseSum(UnsafeBufferPointer(bytes), format: format, into: terms),
                    Self.text(to) == target.rawValue
                else {
                    return false
                }
                for term in answer.terms {
                    guard let quote = term.quote else { continue }
                    guard quote.via == nil, quote.secondLeg == nil, quote.to == target,
                        let toRate = Self.integer(quote.toPerBase), let fromRate = Self.integer(quote.fromPerBase),
                        let from = terms[..<count].first(where: { Self.text($0.code) == quote.from.rawValue })?.code
                    else { return false }
                    let entry = Entry(
                        toPerBase: toRate.value, toScale: toRate.scale, fromPerBase: fromRate.value, fromScale: fromRate.scale,
                        fromDigits: catalog.typedDigits(of: quote.from), toDigits: answer.fractionDigits, from: from, to: to,
                        stamp: stamp(for: quote.provenance), expires: expiry(for: quote.provenance, now: now))
                    pending.append((Line(amount: 0, scale: 0, from: from, to: to).key | Self.sumKey, entry))
                }
                // The lane must print exactly what the general path printed for this very line.
                let expected = Array((printed + "\n").utf8)
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestSum) { buffer in
                    renderSum(terms, count: count, target: to, pending: pending, into: buffer).map { Array(buffer[..<$0]) == expected }
                        ?? false
                }
            }
        }
        guard same else { return }
        observe(answer.quotes.flatMap(\.provenances))
        for (key, entry) in pending { store(entry, key: key) }
    }

    /// Writes the answer to a sum line and returns true, or false when the general path must answer.
    func answerSum(_ line: UnsafeBufferPointer<UInt8>, to out: any TextOutput) -> Bool {
        withUnsafeTemporaryAllocation(of: SumTerm.self, capacity: Self.sumTerms) { terms in
            guard let (count, target) = Self.parseSum(line, format: format, into: terms) else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestSum) { buffer in
                guard let length = renderSum(terms, count: count, target: target, into: buffer) else { return false }
                out.write(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length])))
                answered += 1
                return true
            }
        }
    }

    /// 8 terms of 18 digits, 5 separators of up to 3 bytes, a point, padding to a crypto amount's
    /// 18 decimals and a code; the signs; the result.
    static let longestSum = 1024

    /// The echo and the result, `12.50 USD + 7.00 EUR - 1,000 JPY = 7.55 GBP\n`; nil when a pair
    /// is not learned (or has expired), a number does not fit, or the sum is too near a half.
    func renderSum(
        _ terms: UnsafeMutableBufferPointer<SumTerm>, count: Int, target: (UInt8, UInt8, UInt8),
        pending: [(key: UInt32, entry: Entry)] = [], into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        let now = clock.now()
        var digits = -1
        return withUnsafeTemporaryAllocation(of: Entry?.self, capacity: count) { rates -> Int? in
            for index in 0..<count {
                let code = terms[index].code
                if code == target {
                    rates[index] = nil
                    continue
                }
                let key = Line(amount: 0, scale: 0, from: code, to: target).key | Self.sumKey
                let found = pending.isEmpty ? entry(for: key) : pending.first { $0.key == key }?.entry
                guard let entry = found, now < entry.expires else { return nil }
                rates[index] = entry
                digits = entry.toDigits
            }
            guard digits >= 0, let rounded = Self.sum(terms, rates, count: count, digits: digits) else { return nil }
            let base = out.baseAddress!
            var at = 0
            for index in 0..<count {
                let term = terms[index]
                if index > 0 {
                    out[at] = 0x20; out[at + 1] = term.negative ? 0x2D : 0x2B; out[at + 2] = 0x20
                    at += 3
                }
                at += FixedPoint.write(
                    term.amount, exponent: -term.scale, negative: false, fractionDigits: rates[index]?.fromDigits ?? digits, format: format,
                    grouping: true, to: base + at)
                out[at] = 0x20; out[at + 1] = term.code.0; out[at + 2] = term.code.1; out[at + 3] = term.code.2
                at += 4
            }
            out[at] = 0x20; out[at + 1] = 0x3D; out[at + 2] = 0x20  // " = "
            at += 3
            at += FixedPoint.write(
                rounded.magnitude, exponent: -digits, negative: rounded < 0, fractionDigits: digits, format: format, grouping: true,
                to: base + at)
            out[at] = 0x20; out[at + 1] = target.0; out[at + 2] = target.1; out[at + 3] = target.2
            out[at + 4] = 0x0A
            return at + 5
        }
    }

    /// Σ ± amount × to / from in minor units of the target, rounded half away from zero; nil when
    /// a number does not fit or the sum lies too near a half to tell.
    static func sum(_ terms: UnsafeMutableBufferPointer<SumTerm>, _ rates: UnsafeMutableBufferPointer<Entry?>, count: Int, digits: Int)
        -> Int128?
    {
        var sum = FixedPoint.QuotientSum()
        for index in 0..<count {
            let term = terms[index], rate = rates[index]
            let exponent = digits - term.scale + (rate.map { $0.fromScale - $0.toScale } ?? 0)
            guard
                sum.add(
                    term.amount, times: rate?.toPerBase ?? 1, timesTenToThe: exponent, over: rate?.fromPerBase ?? 1, negative: term.negative
                )
            else { return nil }
        }
        return sum.rounded
    }

    static func text(_ code: (UInt8, UInt8, UInt8)) -> String { String(decoding: [code.0, code.1, code.2], as: UTF8.self) }
}
