/// What fx asked of a source this month: every request counts against a plan's quota, and a
/// request that brought nothing new was wasted. Kept apart from the rates, so that a failed
/// request (which still counts) leaves the rate cache untouched.
public struct SourceUsage: Sendable, Equatable, Codable {
    /// `2026-11`: counts start again each calendar month (UTC), as providers' quotas do.
    public var month: String
    public var requests: Int
    public var wasted: Int
    /// The last failure, worded for people, and when it happened; cleared by the next success.
    public var lastError: String?
    public var lastErrorAt: Date?
    /// No request before this instant: the source's last answer carried a `Retry-After`.
    public var retryAfter: Date?

    public init(
        month: String, requests: Int = 0, wasted: Int = 0, lastError: String? = nil, lastErrorAt: Date? = nil,
        retryAfter: Date? = nil
    ) {
        self.month = month
        self.requests = requests
        self.wasted = wasted
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.retryAfter = retryAfter
    }

    /// Until when no request may be sent, as of `now`, if that is still ahead. A wait is written
    /// at most `RetryAfter.longest` after the answer that asked for it (`lastErrorAt`), and read
    /// back capped the same way: a hand-edited year, or a clock since moved back, must not silence
    /// a source for longer. Without a trustworthy `lastErrorAt`, only a wait within that span of
    /// `now` is honoured; capping at `now` plus the span would hold it off again on every run.
    public func waitingUntil(at now: Date) -> Date? {
        guard let until = retryAfter else { return nil }
        let capped: Date
        if let asked = lastErrorAt, asked <= now {
            capped = min(until, asked + RetryAfter.longest)
        } else {
            capped = until <= now + RetryAfter.longest ? until : now
        }
        return capped > now ? capped : nil
    }

    public static func month(of date: Date) -> String {
        let (year, month, _) = Day(utc: date).components
        return Day.padded(year, 4) + "-" + Day.padded(month, 2)
    }

    /// This record as it stands in the month of `date`: a new month starts from zero.
    public func current(at date: Date) -> SourceUsage {
        let now = Self.month(of: date)
        return month == now ? self : SourceUsage(month: now, lastError: lastError, lastErrorAt: lastErrorAt, retryAfter: retryAfter)
    }
}

/// What happened to one request, for the usage record.
public enum RequestResult: Sendable, Equatable {
    case new
    case wasted
    case failed(String)
    /// Failed, and the server asked for no request before the given instant.
    case throttled(String, until: Date)
}

/// Where usage is kept between runs.
public protocol UsageStore: Sendable {
    /// Every source's record as kept; empty when none can be read (the counts are advisory).
    func load() -> [SourceID: SourceUsage]
    /// Adds one request's result to the source's record, re-reading under a lock so that
    /// concurrent processes all count.
    func record(_ result: RequestResult, for source: SourceID, at date: Date)
}

package enum UsageUpdate {
    package static func apply(_ result: RequestResult, to record: SourceUsage?, at date: Date) -> SourceUsage {
        var usage = (record ?? SourceUsage(month: SourceUsage.month(of: date))).current(at: date)
        usage.requests += 1
        switch result {
        case .new:
            usage.lastError = nil
            usage.lastErrorAt = nil
            usage.retryAfter = nil
        case .wasted:
            usage.wasted += 1
            usage.lastError = nil
            usage.lastErrorAt = nil
            usage.retryAfter = nil
        case .failed(let reason):
            usage.lastError = reason
            usage.lastErrorAt = date
        case .throttled(let reason, let until):
            usage.lastError = reason
            usage.lastErrorAt = date
            usage.retryAfter = until
        }
        return usage
    }
}
