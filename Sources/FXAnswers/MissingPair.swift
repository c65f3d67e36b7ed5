import FXRates

/// A pair of a several-pair history or price file that has no rates over the days asked, and why:
/// the other pairs are written, and this one is named on stderr.
public struct MissingPair: Sendable, Equatable {
    public let base: CurrencyCode
    public let quote: CurrencyCode
    public let reason: RateError

    public init(base: CurrencyCode, quote: CurrencyCode, reason: RateError) {
        self.base = base
        self.quote = quote
        self.reason = reason
    }

    /// Whether `error` is about this pair's data alone (a currency without rates then), rather than
    /// the source or the network, which would fail every pair alike.
    public static func isPairsOwn(_ error: RateError) -> Bool {
        switch error {
        case .history, .notCovered, .retired: true
        default: false
        }
    }
}
