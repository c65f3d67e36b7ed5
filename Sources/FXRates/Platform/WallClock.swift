#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The time seam: freshness is decided against this, so tests can stand on any date.
public protocol WallClock: Sendable {
    func now() -> Date
}

public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that shows what it is told, for tests.
public final class FixedClock: WallClock, @unchecked Sendable {
    private let lock = Lock()
    private var current: Date

    public init(_ date: Date) { current = date }

    public func now() -> Date { lock.withLock { current } }

    public func set(_ date: Date) { lock.withLock { current = date } }

    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
