/// What the fetches of a line have done so far, for the progress line fx shows at a terminal:
/// which source is asked, how many bytes have come, how many days of history a fetch brought.
public protocol FetchWatcher: Sendable {
    /// A fetch from `source` (its name) begins.
    func asking(_ source: String)
    /// A response of `bytes` arrived.
    func received(bytes: Int)
    /// A history fetch brought `days` publications.
    func fetched(days: Int)
}

/// The watcher of the work under way, if any: the shell sets one around a line's work at a
/// terminal; the services and the fetch step tell it what they do. Task-local, so concurrent
/// lines (and tests) never share one, and nothing is told when none is set.
public enum FetchProgress {
    @TaskLocal public static var watcher: (any FetchWatcher)?
}
