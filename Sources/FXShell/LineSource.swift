/// Where lines come from: stdin, a terminal, or a list in tests.
public protocol LineSource: AnyObject {
    /// The next line without its newline, or nil at end of input.
    func nextLine() -> String?
}

/// Lines from standard input, read plainly (a pipe, a file, or a terminal without libedit).
public final class StandardInputLines: LineSource {
    public init() {}
    public func nextLine() -> String? { readLine(strippingNewline: true) }
}

/// A fixed list of lines, for tests.
public final class ScriptedLines: LineSource {
    private var lines: [String]
    public init(_ lines: [String]) { self.lines = lines.reversed() }
    public func nextLine() -> String? { lines.popLast() }
}
