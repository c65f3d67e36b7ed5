/// How long fx leaves a source alone after it failed, across runs: 1 minute after the first
/// failure in a row, doubling with each further one (2, 4, 8, 16), and never more than 30
/// minutes. A provider's 500 is usually over within minutes; a cron job asking every minute
/// should not hammer it, nor pay a timeout on every run while the network is down; and rates
/// published once a day lose little in half an hour. A success starts again from nothing.
public enum BackOff {
    /// The wait after the first failure in a row.
    public static let first: TimeInterval = 60
    /// The longest wait, however many failures (or a corrupted count) came before.
    public static let longest: TimeInterval = 30 * 60

    /// The wait after `failures` consecutive failures; none for zero (or a negative count).
    public static func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures > 0 else { return 0 }
        // 2^5 minutes is already past the cap: no larger power is needed, and none overflows.
        let doublings = min(failures - 1, 5)
        return min(first * TimeInterval(1 << doublings), longest)
    }
}

extension SourceUsage {
    /// Until when an automatic fetch is not attempted, as of `now`, if that is still ahead: the
    /// last failure's instant plus `BackOff.delay`, read capped. A failure stamped more than a
    /// minute ahead of the clock (a clock since moved back) has no age fx can trust: no wait, as
    /// a cache checked in the future is asked again. Otherwise never beyond `now` plus the cap.
    public func backingOffUntil(at now: Date) -> Date? {
        guard let failed = lastErrorAt, failures > 0, failed <= now + 60 else { return nil }
        let until = min(failed + BackOff.delay(afterFailures: failures), now + BackOff.longest)
        return until > now ? until : nil
    }
}
