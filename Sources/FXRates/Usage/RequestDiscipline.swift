/// The one place that decides whether a source may be asked now, and that writes down what each
/// fetch from it gave, for the latest rates (`RateService`) and the history (`HistoryService`)
/// alike: a server's `Retry-After`, the monthly quota, and the `BackOff` after failures are read
/// from the same usage record that every fetch and failure is added to, with every request the
/// fetch sent (counted as each leaves, `RequestCount`), so a quota is judged by what was sent.
/// Each request is bounded by the one timeout the sources are built with (`SourceContext.timeout`).
public struct RequestDiscipline: Sendable {
    /// Where requests are counted, across runs.
    public let usage: any UsageStore
    /// Monthly request allowances by source (Open Exchange Rates' free plan: 1,000).
    public let quotas: [SourceID: Int]
    /// Words a failure for the usage record (the shell's message catalogue).
    let describe: @Sendable (FetchFailure) -> String

    public init(
        usage: any UsageStore, quotas: [SourceID: Int] = [:],
        describe: @escaping @Sendable (FetchFailure) -> String = { String(describing: $0) }
    ) {
        self.usage = usage
        self.quotas = quotas
        self.describe = describe
    }

    /// Automatic fetches stop at this share (in tenths) of a quota, keeping the rest for explicit `refresh`.
    static let automaticQuotaShare = 9

    /// Why a source may not be asked now.
    public enum Refusal: Sendable, Equatable {
        /// Near (automatic) or at (`refresh`) the month's quota: only a cache may answer, not the built-in rates.
        case quota(FetchFailure)
        /// A server's wait, or the back-off after a failure; `afterTimeout` when that failure was a
        /// timeout, so the network itself may be down and other sources had better not be asked either.
        case waiting(FetchFailure, afterTimeout: Bool)

        public var failure: FetchFailure {
            switch self {
            case .quota(let failure), .waiting(let failure, _): failure
            }
        }
    }

    /// Why `id` may not be asked at `now`, nil when it may. `explicit` (`refresh`): the user asked,
    /// so only a server's wait and the whole quota hold it back, not the back-off nor the automatic share.
    /// `force` (`refresh --force`): not the server's wait either; the quota still holds.
    public func refusal(_ id: SourceID, at now: Date, explicit: Bool = false, force: Bool = false) -> Refusal? {
        let record = usage.load()[id]
        let quota = quotas[id].flatMap { quota -> Refusal? in
            let used = record?.current(at: now).requests ?? 0
            let limit = explicit ? used >= quota : used * 10 >= quota * Self.automaticQuotaShare
            return limit ? .quota(.quotaUsedUp(used: used, quota: quota)) : nil
        }
        // Automatic: a quota near its end first (only the cache answers); `refresh` says the server's wait first.
        if !explicit, let quota { return quota }
        if !force, let until = record?.waitingUntil(at: now) { return .waiting(.waitingUntil(until), afterTimeout: false) }
        if let quota { return quota }
        guard !explicit, let record, let until = record.backingOffUntil(at: now), let failedAt = record.lastErrorAt else { return nil }
        return .waiting(
            .backingOff(failedAt: failedAt, reason: record.lastError ?? "", until: until), afterTimeout: record.lastErrorSuggestsNoNetwork)
    }

    /// Writes down a fetch that failed after sending `requests` (a refusal before sending costs
    /// nothing and is not written) and returns the failure as kept: a `Retry-After` as an instant
    /// (capped), so later runs also wait.
    @discardableResult
    public func recordFailure(
        _ failure: FetchFailure, requests: Int, for id: SourceID, at now: Date, answeredAt: Date
    ) -> FetchFailure {
        switch failure {
        // Refused before it was sent (no key or datasets, a URL fx will not use, a wait): no request.
        case .missingKey, .transport(.insecureURL), .waitingUntil, .notConfigured, .backingOff, .quotaUsedUp:
            return failure
        case .throttled(let status, let wait):
            let until = wait.instant(after: answeredAt)
            let kept = FetchFailure.throttled(status: status, retryAfter: .date(until))
            usage.record(.throttled(describe(kept), until: until), requests: requests, for: id, at: now)
            return kept
        default:
            usage.record(
                .failed(describe(failure), suggestsNoNetwork: Self.suggestsNoNetwork(failure)), requests: requests, for: id, at: now)
            return failure
        }
    }

    /// Writes down a fetch that was answered after sending `requests`: `changed` when it brought
    /// something new, else wasted, all its requests with it.
    public func recordAnswer(changed: Bool, requests: Int, for id: SourceID, at now: Date) {
        usage.record(changed ? .new : .wasted, requests: requests, for: id, at: now)
    }

    /// Writes down a fetch whose answer was refused (a future date, a 304 with nothing held).
    public func recordRefusedAnswer(_ failure: FetchFailure, requests: Int, for id: SourceID, at now: Date) {
        usage.record(.failed(describe(failure)), requests: requests, for: id, at: now)
    }

    /// When a failed source is asked again within a run: as later runs will, when its back-off or a
    /// server's wait recorded in usage ends; at least `BackOff.first` on, also for a failure that
    /// sent no request (and so was not counted) or could not be recorded.
    public func nextAttempt(_ id: SourceID, after failure: FetchFailure, now: Date) -> Date {
        let record = usage.load()[id]
        var retry = now + BackOff.first
        for until in [record?.backingOffUntil(at: now), record?.waitingUntil(at: now)].compactMap(\.self) { retry = max(retry, until) }
        switch failure {
        case .waitingUntil(let until), .throttled(_, .date(let until)), .backingOff(_, _, let until): retry = max(retry, until)
        default: break
        }
        return retry
    }

    /// A timeout or an interruption: the network itself may be down.
    public static func suggestsNoNetwork(_ failure: FetchFailure) -> Bool {
        switch failure {
        case .transport(.timedOut), .transport(.cancelled): true
        default: false
        }
    }
}
