import FXCommands
import FXRates

/// An expression written back with its amounts in full (`100.00 USD + 20.00 EUR`), so the answer
/// shows how fx read the line, with parentheses only where precedence needs them.
enum Echo {
    static func text(of expression: Formula, catalog: CurrencyCatalog) -> String {
        write(expression, catalog: catalog, context: 0)
    }

    static func money(_ money: Value.Money, catalog: CurrencyCatalog) -> String {
        money.parts.map { amount($0.amount, code: $0.code, scale: 0, catalog: catalog) }.joined(separator: " + ")
    }

    static func amount(_ value: Decimal, code: CurrencyCode, scale: Int, catalog: CurrencyCatalog) -> String {
        DecimalFormat.fixed(value, fractionDigits: max(scale, catalog.typedDigits(of: code)), grouping: true) + " " + code.rawValue
    }

    /// `context`: the binding strength of the operator around (0 none, 1 sum, 2 product, 3 unary).
    private static func write(_ expression: Formula, catalog: CurrencyCatalog, context: Int) -> String {
        switch expression {
        case .amount(let amount, let code?):
            return self.amount(amount.value, code: code, scale: amount.scale, catalog: catalog)
        case .amount(let amount, nil):
            return DecimalFormat.plain(amount.value, minimumFractionDigits: amount.scale, grouping: true)
        case .percent(let share):
            return DecimalFormat.plain(share) + "%"
        case .name(let name, _):
            return name
        case .negate(let inner):
            return "-" + write(inner, catalog: catalog, context: 3)
        case .percentOf(let share, let inner):
            return wrap(DecimalFormat.plain(share) + "% of " + write(inner, catalog: catalog, context: 2), strength: 2, context: context)
        case .inCurrency(let inner, let code, _):
            // `(1 / 2) USD`: the currency covers the whole product before it.
            return wrap(write(inner, catalog: catalog, context: 3) + " " + code.rawValue, strength: 2, context: context)
        case .chain(let first, let links):
            let strength = links[0].op.strength
            // Appended to one string: the operands of a long chain are each written once.
            var text = write(first, catalog: catalog, context: strength)
            for link in links {
                // The right side binds tighter: `a - (b - c)` keeps its parentheses.
                text += " \(link.op.rawValue) "
                text += write(link.operand, catalog: catalog, context: strength + 1)
            }
            return wrap(text, strength: strength, context: context)
        }
    }

    private static func wrap(_ text: String, strength: Int, context: Int) -> String {
        strength < context ? "(" + text + ")" : text
    }
}
