import FXAnswers
import FXRates

/// The lane for sums, `12.50 usd + 7 eur - 1,000 jpy in gbp`: each pair's rates are learned from
/// the general path's answer to such a line, under the same rules as conversions (no warning, the
/// lane's own answer to that line byte for byte what was printed, a second's lifetime), and
/// kept apart from the conversions' pairs. The general path alone is two orders of magnitude too
/// slow for the sums target: see Benchmarks/README.md, "What the figures say" (sums), for the
/// figures with and without the lane.
///
/// Each term is computed exactly in integers: its value in minor units of the target as a whole
/// part and a remainder, the remainders summed as 64-bit binary fractions. Every fraction is
/// within one unit in 2^64 of the truth, so a sum far from a half rounds exactly as the exact sum
/// does; one within a few units of a half (a tie, or nearly) is left to the general path.
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
    /// `,` only between groups of three; the count of terms written to `terms`, or nil.
    static func parseSum(_ bytes: UnsafeBufferPointer<UInt8>, into terms: UnsafeMutableBufferPointer<SumTerm>)
        -> (count: Int, target: (UInt8, UInt8, UInt8))?
    {
        var index = 0, count = 0
        let end = bytes.count
        var negative = false
        while true {
            guard count < terms.count, let (amount, scale, next) = sumAmount(bytes, from: index) else { return nil }
            guard next + 4 < end, bytes[next] == 0x20, let code = letters(bytes, at: next + 1), bytes[next + 4] == 0x20 else { return nil }
            terms[count] = SumTerm(amount: amount, scale: scale, code: code, negative: negative)
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

    /// Digits, `,` between groups of three, an optional `.` and decimals; at most 18 digits, no
    /// leading zero before another digit. The value, its scale and where it ended.
    private static func sumAmount(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt128, Int, Int)? {
        var index = start, amount: UInt64 = 0, digits = 0, scale = 0, point = false
        var group = 0, grouped = false
        while index < bytes.count, bytes[index] != 0x20 {
            let byte = bytes[index]
            if byte == 0x2E {
                guard !point, digits > 0, !grouped || group == 3 else { return nil }
                point = true
            } else if byte == 0x2C {
                guard !point, group == 3 || (!grouped && (1...3).contains(group)) else { return nil }
                grouped = true
                group = 0
            } else {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                digits += 1
                group += 1
                if point { scale += 1 }
                guard digits <= 18 else { return nil }
                amount = amount &* 10 &+ UInt64(byte - 0x30)
            }
            index += 1
        }
        guard digits > 0, !point || scale > 0, !grouped || point || group == 3 else { return nil }
        if bytes[start] == 0x30, index - start > 1, bytes[start + 1] != 0x2E { return nil }
        return (UInt128(amount), scale, index)
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
                guard let (count, to) = Self.parseSum(UnsafeBufferPointer(bytes), into: terms), Self.text(to) == target.rawValue else {
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
                        fromDigits: catalog.minorUnits(of: quote.from), toDigits: answer.fractionDigits, from: from, to: to,
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
            guard let (count, target) = Self.parseSum(line, into: terms) else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestSum) { buffer in
                guard let length = renderSum(terms, count: count, target: target, into: buffer) else { return false }
                out.write(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length])))
                answered += 1
                return true
            }
        }
    }

    /// 8 terms of 18 digits, 5 commas, a point, padding and a code; the result; the signs.
    static let longestSum = 512

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
                let found =
                    pending.isEmpty
                    ? slot(for: key).flatMap { keys[$0] == key ? entries[$0] : nil } : pending.first { $0.key == key }?.entry
                guard let entry = found else { return nil }
                guard now < entry.expires else {
                    forget()
                    return nil
                }
                rates[index] = entry
                digits = entry.toDigits
            }
            guard digits >= 0, let rounded = Self.sum(terms, rates, count: count, digits: digits) else { return nil }
            var at = 0
            for index in 0..<count {
                let term = terms[index]
                if index > 0 {
                    out[at] = 0x20; out[at + 1] = term.negative ? 0x2D : 0x2B; out[at + 2] = 0x20
                    at += 3
                }
                let shown = max(term.scale, rates[index]?.fromDigits ?? digits)
                at = Self.append(term.amount * Self.power(shown - term.scale), fractionDigits: shown, into: out, at: at)
                out[at] = 0x20; out[at + 1] = term.code.0; out[at + 2] = term.code.1; out[at + 3] = term.code.2
                at += 4
            }
            out[at] = 0x20; out[at + 1] = 0x3D; out[at + 2] = 0x20  // " = "
            at += 3
            if rounded < 0 {
                out[at] = 0x2D
                at += 1
            }
            at = Self.append(rounded.magnitude, fractionDigits: digits, into: out, at: at)
            out[at] = 0x20; out[at + 1] = target.0; out[at + 2] = target.1; out[at + 3] = target.2
            out[at + 4] = 0x0A
            return at + 5
        }
    }

    /// Σ ± amount × to / from in minor units of the target, rounded half away from zero; nil when
    /// a number does not fit or the sum lies within a few 2^-64 of a half.
    static func sum(_ terms: UnsafeMutableBufferPointer<SumTerm>, _ rates: UnsafeMutableBufferPointer<Entry?>, count: Int, digits: Int)
        -> Int128?
    {
        var whole: Int128 = 0
        var fraction: UInt128 = 0  // in units of 2^-64
        var exact = true
        for index in 0..<count {
            let term = terms[index]
            var numerator = term.amount, denominator: UInt128 = 1, overflow = false
            var shift = digits - term.scale
            if let rate = rates[index] {
                (numerator, overflow) = numerator.multipliedReportingOverflow(by: rate.toPerBase)
                denominator = rate.fromPerBase
                shift += rate.fromScale - rate.toScale
            }
            guard !overflow, abs(shift) <= 38 else { return nil }
            if shift >= 0 {
                (numerator, overflow) = numerator.multipliedReportingOverflow(by: power(shift))
            } else {
                (denominator, overflow) = denominator.multipliedReportingOverflow(by: power(-shift))
            }
            guard !overflow else { return nil }
            let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
            guard quotient < UInt128(Int128.max) >> 4 else { return nil }
            // floor(remainder / denominator × 2^64): the denominator of a learned rate nearly always fits 64 bits.
            let part: UInt128 =
                remainder == 0
                ? 0
                : denominator <= UInt128(UInt64.max)
                    ? (remainder << 64) / denominator : denominator.dividingFullWidth((remainder >> 64, remainder << 64)).quotient
            if remainder != 0 { exact = false }
            if !term.negative {
                whole += Int128(quotient)
                fraction += part
            } else if remainder == 0 {
                whole -= Int128(quotient)
            } else {
                whole -= Int128(quotient) + 1
                fraction += (1 << 64) - part
            }
        }
        whole += Int128(fraction >> 64)
        let rest = UInt64(truncatingIfNeeded: fraction)
        if exact { return whole }
        // Each part is within 1 of the truth (in 2^-64): decide only far from a half and an integer.
        let band = UInt64(2 * count), half = UInt64(1) << 63
        guard rest >= band, rest <= UInt64.max - band, (rest > half ? rest - half : half - rest) >= band else { return nil }
        let rounded = whole + (rest > half ? 1 : 0)
        // A negative sum that rounds to zero: the general path decides how it looks.
        return rounded == 0 && whole < 0 ? nil : rounded
    }

    static func text(_ code: (UInt8, UInt8, UInt8)) -> String { String(decoding: [code.0, code.1, code.2], as: UTF8.self) }
}
