/// What fx asked of a source this month: every HTTP request counts against a plan's quota (a
/// fetch that sends several counts them all), and the requests of a fetch that brought nothing
/// new were wasted. Kept apart from the rates, so that a failed request (which still counts)
/// leaves the rate cache untouched.
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
    /// Failures in a row since the last success, for `BackOff`; 0 in a file written before it was kept.
    public var failures: Int
    /// The last failure was a timeout (or an interruption): the network itself may be down, so a
    /// source held back for it answers from its cache rather than send the question on.
    public var lastErrorSuggestsNoNetwork: Bool

    public init(
        month: String, requests: Int = 0, wasted: Int = 0, lastError: String? = nil, lastErrorAt: Date? = nil,
        retryAfter: Date? = nil, failures: Int = 0, lastErrorSuggestsNoNetwork: Bool = false
    ) {
        self.month = month
        self.requests = requests
        self.wasted = wasted
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.retryAfter = retryAfter
        self.failures = failures
        self.lastErrorSuggestsNoNetwork = lastErrorSuggestsNoNetwork
    }

    /// Fields added later read as their defaults from an older file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        month = try container.decode(String.self, forKey: .month)
        requests = try container.decode(Int.self, forKey: .requests)
        wasted = try container.decode(Int.self, forKey: .wasted)
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
        lastErrorAt = try container.decodeIfPresent(Date.self, forKey: .lastErrorAt)
        retryAfter = try container.decodeIfPresent(Date.self, forKey: .retryAfter)
        failures = try container.decodeIfPresent(Int.self, forKey: .failures) ?? 0
        lastErrorSuggestsNoNetwork = try container.decodeIfPresent(Bool.self, forKey: .lastErrorSuggestsNoNetwork) ?? false
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
        guard month != now else { return self }
        return SourceUsage(
            month: now, lastError: lastError, lastErrorAt: lastErrorAt, retryAfter: retryAfter, failures: failures,
            lastErrorSuggestsNoNetwork: lastErrorSuggestsNoNetwork)
    }
}

/// What happened to one fetch (one request or several), for the usage record.
public enum RequestResult: Sendable, Equatable {
    case new
    case wasted
    /// Failed; `suggestsNoNetwork` after a timeout, when the network itself may be down.
    case failed(String, suggestsNoNetwork: Bool = false)
    /// Failed, and the server asked for no request before the given instant.
    case throttled(String, until: Date)
}

/// Where usage is kept between runs.
public protocol UsageStore: Sendable {
    /// Every source's record as kept; empty when none can be read (the counts are advisory).
    func load() -> [SourceID: SourceUsage]
    /// Adds one fetch's result, and the `requests` it sent, to the source's record, re-reading
    /// under a lock so that concurrent processes all count.
    func record(_ result: RequestResult, requests: Int, for source: SourceID, at date: Date)
}

package enum UsageUpdate {
    /// `requests`, the fetch's, are all added (and all wasted with `.wasted`); at least one, since
    /// a result came (a source that does not fetch through `SourceFetch`, a test's double, counts
    /// one a fetch as before). Failures in a row count fetches, not requests: `BackOff` paces fetches.
    package static func apply(_ result: RequestResult, requests: Int, to record: SourceUsage?, at date: Date) -> SourceUsage {
        var usage = (record ?? SourceUsage(month: SourceUsage.month(of: date))).current(at: date)
        let sent = max(requests, 1)
        usage.requests += sent
        // An answer, even a wasted one, ends a run of failures and any wait.
        func succeeded() {
            usage.lastError = nil
            usage.lastErrorAt = nil
            usage.retryAfter = nil
            usage.failures = 0
            usage.lastErrorSuggestsNoNetwork = false
        }
        func failed(_ reason: String, noNetwork: Bool) {
            // Kept in usage.json and shown by `sources`: no key or password of a quoted URL.
            usage.lastError = Redaction.hidingCredentials(reason)
            usage.lastErrorAt = date
            // Kept within the range `BackOff` reads, whatever a damaged file held.
            usage.failures = min(max(usage.failures, 0), 1000) + 1
            usage.lastErrorSuggestsNoNetwork = noNetwork
        }
        switch result {
        case .new:
            succeeded()
        case .wasted:
            usage.wasted += sent
            succeeded()
        case .failed(let reason, let noNetwork):
            failed(reason, noNetwork: noNetwork)
        case .throttled(let reason, let until):
            failed(reason, noNetwork: false)
            usage.retryAfter = until
        }
        return usage
    }
}
