/// What a `watch` board needs of a terminal, and no more: a fake one drives the board's
/// rendering and timing in tests with a fake clock.
public protocol WatchScreen: AnyObject {
    /// Takes the terminal: keys unbuffered, a screen of its own, no cursor; false when it cannot.
    func begin() -> Bool
    /// Gives the terminal back as it was (the prompt's line editor finds it unchanged).
    func end()
    /// Replaces what is shown with these lines; `clear` first wipes the screen (after a resize).
    func draw(_ lines: [String], clear: Bool)
    /// Columns and rows now.
    var size: (columns: Int, rows: Int) { get }
    /// Sleeps until `deadline`, or until a key, a resize or a signal, whichever comes first.
    func wait(until deadline: Date) -> WatchEvent
}

/// What ended a wait.
public enum WatchEvent: Equatable, Sendable {
    case timeout
    case key
    case resize
    /// Ctrl-C, as a key or as SIGINT.
    case interrupt
    /// The terminal went away.
    case closed
    /// SIGTERM or SIGHUP: the board ends, then the signal is raised again for what fx does with it.
    case terminated(Int32)
}
