/// Colour, decided once per run: on only for a terminal, off with `--no-color`, `NO_COLOR`
/// or `TERM=dumb`.
public struct Style: Sendable {
    public let color: Bool

    public init(color: Bool) { self.color = color }

    /// The decision from the environment and whether the stream is a terminal.
    public static func decide(isTerminal: Bool, noColorFlag: Bool, environment: [String: String]) -> Style {
        let disabled = noColorFlag || environment["NO_COLOR"].map { !$0.isEmpty } == true || environment["TERM"] == "dumb"
        return Style(color: isTerminal && !disabled)
    }

    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
