import FXRates
import FXRender
/// How often a `watch` board asks for each pair: `--every`, else the interval its source's
/// description gives (10 s for prices that move, 60 s for currencies), and never more often than
/// a source's monthly allowance lasts the month. The rate service still asks a source only when
/// what it holds is stale: a board re-reading a fresh cache sends no request.
public struct WatchPace: Sendable {
    let registry: SourceRegistry
    let quotas: [SourceID: Int]

    public init(registry: SourceRegistry, quotas: [SourceID: Int]) {
        self.registry = registry
        self.quotas = quotas
    }

    /// Seconds until a row whose last answer came from `sources` is asked again.
    public func interval(for sources: [SourceID], asked: TimeInterval?) -> TimeInterval {
        let own = sources.compactMap { registry[$0]?.capabilities.refreshInterval }.min() ?? 60
        let floor = sources.compactMap { quotas[$0] }.map { SourceCapabilities.budgetInterval(monthlyQuota: $0) }.max() ?? 0
        return max(asked ?? own, floor, 1)
    }

    /// `every 60s`, `every 10s to 1m`: the intervals in use, for the board's heading.
    public static func describe(_ intervals: [TimeInterval]) -> String {
        guard let low = intervals.min(), let high = intervals.max() else { return "" }
        return low == high ? "every \(AgeText.duration(low))" : "every \(AgeText.duration(low)) to \(AgeText.duration(high))"
    }
}
