import FXCommands
import FXRates

/// An expression written back with its amounts in full (`100.00 USD + 20.00 EUR`), so the answer
/// shows how fx read the line, with parentheses only where precedence needs them.
enum Echo {
    /// `values` gives a variable's value: the echo shows what was used (`100.00 USD (x)`), so
    /// that `x in gbp` does not read `x = 91.31 GBP`, like an assignment.
    static func text(of expression: Formula, catalog: CurrencyCatalog, values: (String) -> Value? = { _ in nil }) -> String {
        write(expression, catalog: catalog, context: 0, values: values)
    }

    /// A value as the echo writes it: money with its minor unit, a number or a percentage plainly.
    static func value(_ value: Value, catalog: CurrencyCatalog) -> String {
        switch value {
        case .money(let money): self.money(money, catalog: catalog)
        case .number(let number): DecimalFormat.plain(number, grouping: true)
        case .percent(let share): DecimalFormat.plain(share) + "%"
        }
    }

    static func money(_ money: Value.Money, catalog: CurrencyCatalog) -> String {
        money.parts.map { amount($0.amount, code: $0.code, scale: 0, catalog: catalog) }.joined(separator: " + ")
    }

    static func amount(_ value: Decimal, code: CurrencyCode, scale: Int, catalog: CurrencyCatalog) -> String {
        DecimalFormat.fixed(value, fractionDigits: max(scale, catalog.typedDigits(of: code)), grouping: true) + " " + code.rawValue
    }

    /// `context`: the binding strength of the operator around (0 none, 1 sum, 2 product, 3 unary).
    private static func write(_ expression: Formula, catalog: CurrencyCatalog, context: Int, values: (String) -> Value?) -> String {
        switch expression {
        case .amount(let amount, let code?):
            return self.amount(amount.value, code: code, scale: amount.scale, catalog: catalog)
        case .amount(let amount, nil):
            return DecimalFormat.plain(amount.value, minimumFractionDigits: amount.scale, grouping: true)
        case .percent(let share):
            return DecimalFormat.plain(share) + "%"
        case .name(let name, _):
            guard let value = values(name) else { return name }
            // One term, its name after it: `100.00 USD (x) * 2`.
            return self.value(value, catalog: catalog) + " (\(name))"
        case .negate(.amount(let amount, let code)):
            // `- 100 usd` echoes as `-100 usd` does: one signed amount.
            return write(.amount(Amount(-amount.value, scale: amount.scale), code), catalog: catalog, context: context, values: values)
        case .negate(let inner):
            return "-" + write(inner, catalog: catalog, context: 3, values: values)
        case .percentOf(let share, let inner):
            return wrap(
                DecimalFormat.plain(share) + "% of " + write(inner, catalog: catalog, context: 2, values: values), strength: 2,
                context: context)
        case .inCurrency(let inner, let code, _) where signed(inner) != nil:
            // `- 100 usd` (a sign, then an amount the currency follows) echoes as `-100 usd` does.
            return self.amount(signed(inner)!.value, code: code, scale: signed(inner)!.scale, catalog: catalog)
        case .inCurrency(let inner, let code, _):
            // `(1 / 2) USD`: the currency covers the whole product before it.
            return wrap(write(inner, catalog: catalog, context: 3, values: values) + " " + code.rawValue, strength: 2, context: context)
        case .chain(let first, let links):
            let strength = links[0].op.strength
            // Appended to one string: the operands of a long chain are each written once.
            var text = write(first, catalog: catalog, context: strength, values: values)
            for link in links {
                // The right side binds tighter: `a - (b - c)` keeps its parentheses.
                text += " \(link.op.rawValue) "
                text += write(link.operand, catalog: catalog, context: strength + 1, values: values)
            }
            return wrap(text, strength: strength, context: context)
        }
    }

    /// A plain number under signs only (`-100`, `- -5`), as one signed amount.
    private static func signed(_ expression: Formula) -> Amount? {
        switch expression {
        case .amount(let amount, nil): amount
        case .negate(let inner): signed(inner).map { Amount(-$0.value, scale: $0.scale) }
        default: nil
        }
    }

    private static func wrap(_ text: String, strength: Int, context: Int) -> String {
        strength < context ? "(" + text + ")" : text
    }
}
