import FXRates
import FXAnswers
import FXShell
import Foundation
import Synchronization

// Stand-ins for fx's I/O seams (clock, stores, output, input, log), kept out of the product as
// SwiftPM keeps its mocks in a test-support target. Each records what it is given behind a Mutex.

/// A clock that shows what it is told.
public final class FixedClock: WallClock, Sendable {
    private let current: Mutex<Date>

    public init(_ date: Date) { current = Mutex(date) }

    public func now() -> Date { current.withLock { $0 } }

    public func set(_ date: Date) { current.withLock { $0 = date } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A rate cache in memory.
public final class MemoryRateStore: RateStore, Sendable {
    private let state: Mutex<(entries: [SourceID: CachedRates], saves: Int)>

    public init(_ entries: [CachedRates] = []) {
        state = Mutex((Dictionary(entries.map { ($0.source, $0) }, uniquingKeysWith: { _, last in last }), 0))
    }

    public var saveCount: Int { state.withLock { $0.saves } }

    public func load() -> StoreContents { state.withLock { StoreContents(entries: $0.entries) } }

    public func save(_ entry: CachedRates) throws(StoreError) {
        state.withLock {
            $0.entries[entry.source] = entry
            $0.saves += 1
        }
    }
}

/// A history cache in memory, merging saves as the file store does.
public final class MemoryHistoryStore: HistoryStore, Sendable {
    private let state: Mutex<(entries: [SourceID: CachedHistory], saves: Int)>

    public init(_ entries: [CachedHistory] = []) {
        state = Mutex((Dictionary(entries.map { ($0.source, $0) }, uniquingKeysWith: { _, last in last }), 0))
    }

    public var saveCount: Int { state.withLock { $0.saves } }

    public func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic]) {
        state.withLock { ($0.entries[source], []) }
    }

    public func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory {
        state.withLock {
            $0.saves += 1
            let merged = $0.entries[entry.source].map { HistoryMerge.lay(entry, over: $0) } ?? entry
            $0.entries[entry.source] = merged
            return merged
        }
    }
}

/// Request counts and waits in memory, updated as the file store updates them.
public final class MemoryUsageStore: UsageStore, Sendable {
    private let usage: Mutex<[SourceID: SourceUsage]>

    public init(_ usage: [SourceID: SourceUsage] = [:]) { self.usage = Mutex(usage) }

    public func load() -> [SourceID: SourceUsage] { usage.withLock { $0 } }

    public func record(_ result: RequestResult, requests: Int, for source: SourceID, at date: Date) {
        usage.withLock { $0[source] = UsageUpdate.apply(result, requests: requests, to: $0[source], at: date) }
    }
}

/// Output collected in a string; with a `capacity`, a full disk of that many bytes: the write
/// that overflows it keeps what fits and fails with ENOSPC, and nothing is written after.
public final class StringOutput: TextOutput, Sendable {
    private let collected = Mutex((text: "", failure: POSIXFailure?.none))
    private let capacity: Int?
    public init(capacity: Int? = nil) { self.capacity = capacity }
    public var text: String { collected.withLock { $0.text } }
    public var failure: POSIXFailure? { collected.withLock { $0.failure } }
    public func write(_ text: String) {
        collected.withLock { collected in
            guard collected.failure == nil else { return }
            guard let capacity, collected.text.utf8.count + text.utf8.count > capacity else {
                collected.text += text
                return
            }
            collected.text += String(decoding: text.utf8.prefix(capacity - collected.text.utf8.count), as: UTF8.self)
            collected.failure = POSIXFailure(operation: "write to", path: "standard output", code: ENOSPC)
        }
    }
    public func flush() {}
    /// Forgets what was written, so that one session can answer many lines one at a time.
    public func clear() { collected.withLock { $0.text = "" } }
}

/// A conversion log in memory; `failure` makes every append fail with that reason.
public final class MemoryConversionLog: ConversionLog, Sendable {
    private let kept: Mutex<[ConversionLogEntry]>
    private let failure: String?

    public init(_ entries: [ConversionLogEntry] = [], failure: String? = nil) {
        kept = Mutex(entries)
        self.failure = failure
    }

    @discardableResult
    public func append(_ entries: [ConversionLogEntry]) -> String? {
        if let failure { return failure }
        kept.withLock { $0 += entries }
        return nil
    }

    public func entries() -> [ConversionLogEntry] { kept.withLock { $0 } }
}

/// A fixed list of lines as input.
public final class ScriptedLines: ByteLineSource {
    private var lines: [String]
    public init(_ lines: [String]) { self.lines = lines.reversed() }
    public func withNextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard let line = lines.popLast() else { return nil }
        return Array(line.utf8).withUnsafeBufferPointer(body)
    }
}
