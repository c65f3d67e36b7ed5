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

    /// Amounts by currency, in the order first written.
    struct Money: Equatable, Sendable {
        var parts: [(code: CurrencyCode, amount: Decimal)]

        init(_ amount: Decimal, _ code: CurrencyCode) { parts = [(code, amount)] }
        init(parts: [(code: CurrencyCode, amount: Decimal)]) { self.parts = parts }

        var first: CurrencyCode { parts[0].code }
        /// The one currency, when only one is written.
        var single: (code: CurrencyCode, amount: Decimal)? { parts.count == 1 ? parts[0] : nil }

        static func == (lhs: Money, rhs: Money) -> Bool {
            lhs.parts.map(\.code) == rhs.parts.map(\.code) && lhs.parts.map(\.amount) == rhs.parts.map(\.amount)
        }

        func adding(_ other: Money, sign: Decimal) throws(UsageError) -> Money {
            var parts = self.parts
            for (code, amount) in other.parts {
                let signed = try Exact.multiply(amount, sign)
                if let index = parts.firstIndex(where: { $0.code == code }) {
                    parts[index].amount = try Exact.add(parts[index].amount, signed)
                } else {
                    parts.append((code, signed))
                }
            }
            return Money(parts: parts)
        }

        func scaled(by factor: Decimal) throws(UsageError) -> Money {
            var parts = self.parts
            for index in parts.indices { parts[index].amount = try Exact.multiply(parts[index].amount, factor) }
            return Money(parts: parts)
        }

        func divided(by divisor: Decimal) throws(UsageError) -> Money {
            var parts = self.parts
            for index in parts.indices { parts[index].amount = try Exact.divide(parts[index].amount, divisor) }
            return Money(parts: parts)
        }
    }
}

/// Decimal arithmetic that says when it cannot hold a result, instead of returning NaN.
enum Exact {
    static func add(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal { try checked(a + b) }
    static func subtract(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal { try checked(a - b) }
    static func multiply(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal { try checked(a * b) }

    /// To 38 significant digits.
    static func divide(_ a: Decimal, _ b: Decimal) throws(UsageError) -> Decimal {
        guard !b.isZero else { throw UsageError(.divisionByZero, span: nil) }
        return try checked(a / b)
    }

    private static func checked(_ value: Decimal) throws(UsageError) -> Decimal {
        guard !value.isNaN, value.isFinite else { throw UsageError(.overflow, span: nil) }
        return value
    }
}
