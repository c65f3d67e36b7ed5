import Foundation

/// A calculator expression in two forms: the text fx reads, and the tree the exact oracle
/// (`Oracle/calculator_oracle.py`) evaluates, so the oracle never reads fx's text.
indirect enum OracleExpression: Sendable {
    case money(String, String)
    case number(String)
    case add(OracleExpression, OracleExpression)
    case subtract(OracleExpression, OracleExpression)
    case multiply(OracleExpression, OracleExpression)
    case divide(OracleExpression, OracleExpression)
    /// `x + 15%`, `x - 2.5%`: a share of the left side.
    case share(OracleExpression, plus: Bool, String)
    /// `15% of x`.
    case of(String, OracleExpression)

    var text: String {
        switch self {
        case .money(let amount, let code): "\(amount) \(code.lowercased())"
        case .number(let number): number
        case .add(let a, let b): "\(a.text) + \(b.operand)"
        case .subtract(let a, let b): "\(a.text) - \(b.operand)"
        case .multiply(let a, let b): "\(a.operand) * \(b.operand)"
        case .divide(let a, let b): "\(a.operand) / \(b.operand)"
        case .share(let a, let plus, let percent): "\(a.text) \(plus ? "+" : "-") \(percent)%"
        case .of(let percent, let a): "\(percent)% of \(a.operand)"
        }
    }

    /// Bracketed unless a single amount or product, so that precedence never decides.
    private var operand: String {
        switch self {
        case .money, .number: text
        default: "(\(text))"
        }
    }

    /// The oracle's form: `["add", a, b]`, `["money", "12.5", "USD"]`, …
    var tree: [Any] {
        switch self {
        case .money(let amount, let code): ["money", amount.replacingOccurrences(of: ",", with: ""), code]
        case .number(let number): ["number", number]
        case .add(let a, let b): ["add", a.tree, b.tree]
        case .subtract(let a, let b): ["sub", a.tree, b.tree]
        case .multiply(let a, let b): ["mul", a.tree, b.tree]
        case .divide(let a, let b): ["div", a.tree, b.tree]
        case .share(let a, let plus, let percent): ["share", a.tree, plus ? "+" : "-", percent]
        case .of(let percent, let a): ["of", percent, a.tree]
        }
    }
}

/// A seeded generator (SplitMix64), so every run checks the same lines.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
