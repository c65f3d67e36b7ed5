import FXCommands
import FXRates
import Foundation

/// A currency code from a literal the test knows is valid.
func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }

/// An exact decimal from its numeral, never through a binary double.
func dec(_ text: String) -> Decimal { Decimal(exactly: text)! }

/// `.convert` spelled briefly: `convert("1234.56", scale: 2, "GBP", ["JPY"])`.
func convert(_ value: String, scale: Int, _ from: String, _ to: [String]) -> Command {
    .convert(amount: Amount(dec(value), scale: scale), from: code(from), to: to.map(code))
}

/// The tokens of a line as plain tuples, easy to compare in a table.
func tokens(_ line: String) -> [Spanned] {
    Tokenizer.tokenize(line).map { Spanned($0.text, $0.start, $0.end) }
}

struct Spanned: Equatable, Sendable, CustomStringConvertible {
    let text: String
    let start: Int
    let end: Int
    init(_ text: String, _ start: Int, _ end: Int) {
        self.text = text
        self.start = start
        self.end = end
    }
    var description: String { "(\(text.debugDescription), \(start), \(end))" }
}

/// The usage error a line raises, or nil when it parses.
func usageError(_ line: String, parser: Parser = Parser()) -> UsageError? {
    do {
        _ = try parser.parse(line)
        return nil
    } catch {
        return error
    }
}
