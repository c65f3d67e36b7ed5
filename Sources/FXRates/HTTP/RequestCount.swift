import Synchronization

/// How many HTTP requests one fetch sent, for the usage record: a fetch may send several
/// (Coinbase one per asset, Frankfurter's latest a second for the metals, Kraken's history page
/// after page), and every one counts against a quota. The count is bound to the task that runs
/// the fetch (a task-local, inherited by the child tasks a source starts), so fetches of several
/// sources at once, or one source's latest and history at once, each count only their own.
/// Every request leaves through `SourceFetch.get` (or, for the ECB's files, fx's helper), which
/// calls `sending()`: a new source is counted without knowing of it. The same record keeps what
/// the fetch asked for and could not price (`PartialFetch`), which a table has no room to say.
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
        return FetchAttempt(result: result, requests: counter.sent, gaps: counter.gaps)
    }

    /// Called just before a request leaves (after any refusal that sends nothing).
    public static func sending() { current?.add() }

    /// Called by `PartialFetch` for what the fetch under way kept going without.
    static func leftOut(_ gaps: [PriceGap]) { current?.leave(gaps) }

    @TaskLocal private static var current: Counter?

    /// A fetch counted inside another (a wrapper counting too) adds to both.
    private final class Counter: Sendable {
        private let count = Mutex(0)
        private let left = Mutex<[PriceGap]>([])
        private let enclosing: Counter?

        init(enclosing: Counter?) { self.enclosing = enclosing }

        var sent: Int { count.withLock { $0 } }
        var gaps: [PriceGap] { left.withLock { $0 } }

        func add() {
            count.withLock { $0 += 1 }
            enclosing?.add()
        }

        func leave(_ gaps: [PriceGap]) {
            left.withLock { $0 += gaps }
            enclosing?.leave(gaps)
        }
    }
}

/// What one fetch gave, how many requests it sent to get it, and what it asked for in vain.
public struct FetchAttempt<Value> {
    public var result: Result<Value, FetchFailure>
    /// Requests sent, whether answered or not; 0 when the fetch was refused before sending.
    public var requests: Int
    /// The assets or currencies a fetch that succeeded could not price, in the order asked.
    public var gaps: [PriceGap]

    public init(result: Result<Value, FetchFailure>, requests: Int, gaps: [PriceGap] = []) {
        self.result = result
        self.requests = requests
        self.gaps = gaps
    }
}

extension FetchAttempt: Sendable where Value: Sendable {}
