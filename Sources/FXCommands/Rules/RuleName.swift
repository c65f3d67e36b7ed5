/// A rule as typed (`--rule pl-nbp`, `set rule ca-boc`): looked up in the `RuleBook` when used, since
/// a config may define rules the parser does not know.
public struct RuleName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ text: String) { rawValue = text.lowercased() }

    public var description: String { rawValue }

    public static let onOrBefore = RuleName(DateRule.onOrBefore.rawValue)
    public static let previousBusinessDay = RuleName(DateRule.previousBusinessDay.rawValue)

    /// A word a rule's name can be: letters, digits and '-'.
    public static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
