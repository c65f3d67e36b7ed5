/// The options one line carries (`100 usd eur --json`, `--rule pl-nbp 100 usd pln on 2024-05-02`),
/// for that line only; what was not given is false or nil.
public struct LineOptions: Equatable, Sendable {
    public var json = false
    public var explain = false
    public var noColor = false
    public var source: SourceID?
    public var rule: RuleName?
    /// `--max-age`, in seconds.
    public var maxAge: TimeInterval?

    public init() {}

    public var isEmpty: Bool { self == LineOptions() }

    /// `self` with what `line` says on top: a line's options over the session's.
    public func overridden(by line: LineOptions) -> LineOptions {
        var merged = self
        merged.json = json || line.json
        merged.explain = explain || line.explain
        merged.noColor = noColor || line.noColor
        merged.source = line.source ?? source
        merged.rule = line.rule ?? rule
        merged.maxAge = line.maxAge ?? maxAge
        return merged
    }
}
