import Synchronization

/// How many HTTP requests one fetch sent, for the usage record: a fetch may send several
/// (Coinbase one per asset, Frankfurter's latest a second for the metals, Kraken's history page
/// after page), and every one counts against a quota. The count is bound to the task that runs
/// the fetch (a task-local, inherited by the child tasks a source starts), so fetches of several
/// sources at once, or one source's latest and history at once, each count only their own.
/// Every request leaves through `SourceFetch.get` (or, for the ECB's files, fx's helper), which
/// calls `sending()`: a new source is counted without knowing of it.
public enum RequestCount {
    /// Counts the requests sent while `fetch` runs, those of a fetch that failed partway too.
    public static func counting<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ fetch: () async throws(FetchFailure) -> Value
    ) async -> FetchAttempt<Value> {
        let counter = Counter(enclosing: current)
        let result = await $current.withValue(counter) { () async -> Result<Value, FetchFailure> in
            do throws(FetchFailure) { return .success(try await fetch()) } catch { return .failure(error) }
        }
        return FetchAttempt(result: result, requests: counter.sent)
    }

    /// Called just before a request leaves (after any refusal that sends nothing).
    public static func sending() { current?.add() }

    @TaskLocal private static var current: Counter?

    /// A fetch counted inside another (a wrapper counting too) adds to both.
    private final class Counter: Sendable {
        private let count = Mutex(0)
        private let enclosing: Counter?

        init(enclosing: Counter?) { self.enclosing = enclosing }

        var sent: Int { count.withLock { $0 } }

        func add() {
            count.withLock { $0 += 1 }
            enclosing?.add()
        }
    }
}

/// What one fetch gave, and how many requests it sent to get it.
public struct FetchAttempt<Value> {
    public var result: Result<Value, FetchFailure>
    /// Requests sent, whether answered or not; 0 when the fetch was refused before sending.
    public var requests: Int

    public init(result: Result<Value, FetchFailure>, requests: Int) {
        self.result = result
        self.requests = requests
    }
}

extension FetchAttempt: Sendable where Value: Sendable {}
