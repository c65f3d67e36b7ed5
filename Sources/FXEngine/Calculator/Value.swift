import FXCommands
import FXRates

/// What an expression evaluates to before any conversion. Money is kept as an amount per
/// currency written, so that `100 usd + 20 eur in gbp` converts each currency once, at full
/// precision, and only the final sum is rounded.
enum Value: Equatable, Sendable {
    case number(Decimal)
    case money(Money)
    /// `15%`, kept as 15.
    case percent(Decimal)

    /// Amounts by currency, in the order first written, each still to be divided by `divisor`.
    struct Money: Equatable, Sendable {
        /// The amounts before the pending division.
        var numerators: [(code: CurrencyCode, amount: Decimal)]
        /// Divisions wait until each currency is converted, in one division with its rate, so that
        /// `0.01 eur / 3 * 1.5` is 0.005 exactly and rounds to 0.01 rather than 0.00 (0.0033… × 1.5
        /// to 38 digits is 0.0049…9). Kept while the products stay exact; otherwise divided through.
        var divisor: Decimal = 1

        init(_ amount: Decimal, _ code: CurrencyCode) { numerators = [(code, amount)] }
        init(parts: [(code: CurrencyCode, amount: Decimal)], divisor: Decimal = 1) {
            numerators = parts
            self.divisor = divisor
        }

        /// The amounts divided through (to 38 digits), for echoes and `--json`.
        var parts: [(code: CurrencyCode, amount: Decimal)] {
            divisor == 1 ? numerators : numerators.map { ($0.code, (try? Exact.divide($0.amount, divisor)) ?? $0.amount) }
        }

        var first: CurrencyCode { numerators[0].code }
        /// The one currency, when only one is written.
        var single: (code: CurrencyCode, amount: Decimal)? { numerators.count == 1 ? parts[0] : nil }

        static func == (lhs: Money, rhs: Money) -> Bool {
            lhs.parts.map(\.code) == rhs.parts.map(\.code) && lhs.parts.map(\.amount) == rhs.parts.map(\.amount)
        }

        func adding(_ other: Money, sign: Decimal) throws(UsageError) -> Money {
            var (left, right) = (self, other)
            if left.divisor != right.divisor {
                // a/d + b/e = (a·e + b·d) / (d·e) while that is exact; else both divided through.
                if let common = Exact.product(left.divisor, right.divisor), let a = left.times(right.divisor),
                    let b = right.times(left.divisor)
                {
                    (left, right) = (Money(parts: a, divisor: common), Money(parts: b, divisor: common))
                } else {
                    (left, right) = (Money(parts: left.parts), Money(parts: right.parts))
                }
            }
            var parts = left.numerators
            for (code, amount) in right.numerators {
                let signed = try Exact.multiply(amount, sign)
                if let index = parts.firstIndex(where: { $0.code == code }) {
                    parts[index].amount = try Exact.add(parts[index].amount, signed)
                } else {
                    parts.append((code, signed))
                }
            }
            return Money(parts: parts, divisor: left.divisor)
        }

        /// The numerators times `factor`, when every product is exact.
        private func times(_ factor: Decimal) -> [(code: CurrencyCode, amount: Decimal)]? {
            var parts = numerators
            for index in parts.indices {
                guard let product = Exact.product(parts[index].amount, factor) else { return nil }
                parts[index].amount = product
            }
            return parts
        }

        func scaled(by factor: Decimal) throws(UsageError) -> Money {
            var parts = numerators
            for index in parts.indices { parts[index].amount = try Exact.multiply(parts[index].amount, factor) }
            return Money(parts: parts, divisor: divisor)
        }

        func divided(by divisor: Decimal) throws(UsageError) -> Money {
            guard !divisor.isZero else { throw UsageError(.divisionByZero, span: nil) }
            if let pending = Exact.product(self.divisor, divisor), !pending.isZero {
                return Money(parts: numerators, divisor: pending)
            }
            var parts = self.parts
            for index in parts.indices { parts[index].amount = try Exact.divide(parts[index].amount, divisor) }
            return Money(parts: parts)
        }
    }
}

/// The calculator's arithmetic: `Decimal`'s exact operations (see `Decimal.exactSum`), with
/// the user's error where a result is beyond them.
enum Exact {
    static func add(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal {
        try checked(Decimal.exactSum(a, b) ?? carried(a, b, Decimal.exactSum))
    }
    static func subtract(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal { try add(a, -b) }
    static func multiply(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal {
        try checked(Decimal.exactProduct(a, b) ?? carried(a, b, Decimal.exactProduct))
    }

    /// Where an operand already holds 38 digits or more, a quotient (`1 / 3`, a rate derived by
    /// division) rounded at its last, the result is no more exact than it: that operand is rounded
    /// to as many digits as leave the exact result room (`1 / 3 + 5` = 5.333… with 37 threes).
    /// Operands of fewer digits, as written or published, combine exactly or not at all.
    private static func carried(_ a: Decimal, _ b: Decimal, _ exact: (Decimal, Decimal) -> Decimal?) -> Decimal? {
        let (fullA, fullB) = (isFull(a), isFull(b))
        guard fullA || fullB else { return nil }
        for digits in stride(from: 37, through: 1, by: -1) {
            if let result = exact(fullA ? a.rounded(significantDigits: digits) : a, fullB ? b.rounded(significantDigits: digits) : b) {
                return result
            }
        }
        return nil
    }

    /// Whether `value` holds 38 significant digits or more, as a rounded quotient does.
    static func isFull(_ value: Decimal) -> Bool {
        DecimalParts(value).map { FixedPoint.digitCount($0.mantissa) >= 38 } ?? false
    }

    /// `total` when its digits reach `places` places, or it is short enough to be exact.
    static func shown(_ total: Decimal, places: Int) throws(UsageError) -> Decimal {
        guard let parts = DecimalParts(total), isFull(total), parts.exponent > -places else { return total }
        throw UsageError(.overflow, span: nil)
    }

    /// Of amounts in a currency of `places` minor digits: exact, or 38 digits reaching them.
    static func add(_ a: Decimal, _ b: Decimal, exactTo places: Int) throws(UsageError) -> Decimal {
        try checked(Decimal.sum(a, b, exactTo: places))
    }
    static func multiply(_ a: Decimal, _ b: Decimal, exactTo places: Int) throws(UsageError) -> Decimal {
        try checked(Decimal.product(a, b, exactTo: places))
    }

    /// To 38 significant digits; with `places`, reaching that many places unless exact.
    static func divide(_ a: Decimal, _ b: Decimal, exactTo places: Int? = nil) throws(UsageError) -> Decimal {
        guard !b.isZero else { throw UsageError(.divisionByZero, span: nil) }
        return try checked(Decimal.quotient(a, b, exactTo: places))
    }

    /// `a × b` when the product is exact, else nil.
    static func product(_ a: Decimal, _ b: Decimal) -> Decimal? { Decimal.exactProduct(a, b) }

    private static func checked(_ value: Decimal?) throws(UsageError) -> Decimal {
        guard let value else { throw UsageError(.overflow, span: nil) }
        return value
    }
}
