extension SourceCapabilities {
    /// How often a `watch` board asks again by default: every 10 s for prices that move all the
    /// time (an exchange's), every 60 s for currencies, whose sources publish daily or hourly.
    public var refreshInterval: TimeInterval {
        if case .continuous = frequency { return 10 }
        return 60
    }

    /// The fewest seconds between two requests that a monthly allowance of `quota` requests
    /// lets a board make all month: a 1,000-request plan, one every 43 minutes.
    public static func budgetInterval(monthlyQuota quota: Int) -> TimeInterval {
        31 * 86_400 / TimeInterval(max(1, quota))
    }
}
