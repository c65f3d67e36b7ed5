import Foundation

/// Lines whose exact result is half a minor unit: written by hand, and conversions built from
/// a day's rates so that the terms sum to a tie (the oracle counts the ties it finds itself).
extension OracleGenerator {
    /// By hand: shares, products and quotients that land on a half, both signs, 0 and 2 decimals.
    static let handTies: [OracleCase] = {
        let m = OracleExpression.money, n = OracleExpression.number
        let expressions: [OracleExpression] = [
            .share(m("10.05", "EUR"), plus: false, "50"), .share(m("-10.05", "EUR"), plus: false, "50"),
            .multiply(m("1.01", "USD"), n("0.5")), .multiply(m("-1.01", "USD"), n("0.5")),
            .multiply(m("5", "JPY"), n("0.5")), .multiply(m("-5", "JPY"), n("0.5")),
            .divide(m("101", "KRW"), n("2")), .divide(m("-101", "KRW"), n("2")),
            .add(m("0.5", "JPY"), m("2", "JPY")), .of("2.5", m("0.2", "EUR")), .of("2.5", m("-0.2", "EUR")),
            // A quotient that no decimal holds, multiplied back to a half.
            .multiply(.divide(m("0.01", "EUR"), n("3")), n("1.5")), .multiply(.divide(m("-0.01", "EUR"), n("3")), n("1.5")),
            .multiply(.divide(m("1", "EUR"), n("7")), n("0.035")), .multiply(.divide(m("0.1", "GBP"), n("3")), n("0.15")),
            .multiply(.divide(m("1", "JPY"), n("3")), n("1.5")), .divide(.multiply(m("0.01", "EUR"), n("1.5")), n("3")),
            .add(.divide(m("0.01", "EUR"), n("3")), .divide(m("0.005", "EUR"), n("3"))),
            .share(.divide(m("0.2", "EUR"), n("3")), plus: false, "92.5"),
        ]
        return expressions.map { OracleCase(expression: $0) }
    }()

    /// 2–4 terms in distinct currencies that convert exactly and sum to a half of the target's
    /// minor unit on a random day; a fee sometimes, applied to a sum that makes the total a half.
    mutating func constructedTie() -> OracleCase {
        let day = Int.random(in: 0..<4, using: &random) == 0 ? days.latest : days.days.randomElement(using: &random)!
        let targets = Self.tieDigits.keys.filter { day.rates[$0] != nil }.sorted()
        let target = targets.randomElement(using: &random)!
        let digits = Self.tieDigits[target]!
        let fee: (percent: String, deducted: Bool)? =
            Int.random(in: 0..<4, using: &random) == 0 ? ("2.5", Bool.random(using: &random)) : nil
        // The fee's factor as a fraction: 1.025 = 41/40, 0.975 = 39/40.
        let (feeNumerator, feeDenominator) = fee.map { $0.deducted ? (39, 40) : (41, 40) } ?? (1, 1)
        let (rate, rateScale) = Self.integer(day.rates[target]!)
        // k × rate × fee must be a half at `digits`, with k = n / 10^j: n·M / D ends in 5 where
        // M = rate·feeNumerator and D = 10^(j + scale - digits - 1)·feeDenominator. Writing
        // M = 2^a·5^b·r, n = 2^(p - a)·5^(q + 1 - b)·t with t odd makes n·M / D = 5·t·r, odd.
        let numerator = rate * feeNumerator
        let twos = Self.multiplicity(2, in: numerator), fives = Self.multiplicity(5, in: numerator)
        let (feeTwos, feeFives) = feeDenominator == 40 ? (3, 1) : (0, 0)
        let least = max(3, digits + 1 - rateScale, twos + digits + 1 - rateScale - feeTwos, fives + digits - rateScale - feeFives)
        let j = least + Int.random(in: 0...1, using: &random)
        let e = j + rateScale - digits - 1
        let t = 2 * Int.random(in: 0...500, using: &random) + 1
        let n = Self.power(2, e + feeTwos - twos) * Self.power(5, e + feeFives + 1 - fives) * t
        let sign = Bool.random(using: &random) ? 1 : -1
        var codes = day.rates.keys.filter { $0 != target }.sorted()
        codes.shuffle(using: &random)
        let count = Int.random(in: 2...4, using: &random)
        // Split n into `count` parts (one may be negative), each in its own currency.
        var parts: [Int] = []
        var left = n
        for _ in 1..<count {
            let part = Int.random(in: -n...n, using: &random)
            parts.append(part)
            left -= part
        }
        parts.append(left)
        var expression: OracleExpression?
        for (part, code) in zip(parts, codes) {
            let amount = Decimal(sign * part) * Decimal(sign: .plus, exponent: -j, significand: 1) * Decimal(string: day.rates[code]!)!
            let term = OracleExpression.money("\(amount)", code)
            expression = expression.map { .add($0, term) } ?? term
        }
        var line = OracleCase(expression: expression!, target: target, fee: fee)
        if day.day != days.latest.day { line.date = day.day }
        return line
    }

    /// How many times `prime` divides `value`.
    static func multiplicity(_ prime: Int, in value: Int) -> Int {
        var value = value, count = 0
        while value % prime == 0 { value /= prime; count += 1 }
        return count
    }

    /// `1.1172` as (11172, 4).
    static func integer(_ text: String) -> (Int, Int) {
        let parts = text.split(separator: ".")
        return (Int(parts.joined())!, parts.count > 1 ? parts[1].count : 0)
    }

    static func power(_ base: Int, _ exponent: Int) -> Int {
        var result = 1
        for _ in 0..<exponent { result *= base }
        return result
    }
}
