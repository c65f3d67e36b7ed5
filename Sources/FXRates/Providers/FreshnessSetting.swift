/// How an exchange source is set up: how long a price stands, and which assets it asks for
/// (the catalog's unless told; tests ask for fewer).
public struct ExchangeSetting: Sendable, Equatable {
    public var fresh: TimeInterval
    /// nil for the catalog's, looked up when first asked: building a source is on every start's path.
    public var assets: [CurrencyCode]?

    public init(fresh: TimeInterval = 60, assets: [CurrencyCode]? = nil) {
        (self.fresh, self.assets) = (fresh, assets)
    }

    /// The assets to ask for, each once, `quotes` (what they are priced in) left out. Worked out
    /// when asked, not when a source is built: every start builds the sources it may ask
    /// (measured: a set and the catalog there cost each one-shot tens of thousands of instructions).
    func assets(leavingOut quotes: [CurrencyCode]) -> [CurrencyCode] {
        var seen = quotes
        return (assets ?? AssetCatalog.standard.codes).filter { code in
            guard !seen.contains(code) else { return false }
            seen.append(code)
            return true
        }
    }

    /// When a price taken at `table.publishedAt` is superseded: `fresh` later.
    func due(after table: RateTable) -> Date? { table.publishedAt.map { $0.addingTimeInterval(fresh) } }
}

/// `fresh` in an exchange source's config entry: seconds a price stands before it is asked again
/// (`{"sources": {"kraken": {"fresh": 30}}}`). Prices move every second; the default minute keeps
/// answers current without asking on every line.
enum FreshnessSetting {
    /// Below this the sources' public limits (about one request a second) would soon be met.
    static let shortest = 5
    static let longest = 24 * 3600

    static let option = SourceOption(
        name: "fresh", meaning: "seconds a price stays fresh before it is asked again, 60 by default: {\"fresh\": 30}."
    ) { decoder in
        let seconds = try Int(from: decoder)
        guard (shortest...longest).contains(seconds) else {
            return SourceOption.Reading(
                value: nil, ignored: [SourceOption.Ignored(what: "fresh \(seconds)", fix: "give seconds from \(shortest) to \(longest)")])
        }
        return SourceOption.Reading(value: ExchangeSetting(fresh: TimeInterval(seconds)))
    }
}

/// An inverted price (units of an asset per EUR: 1 ÷ 59870.2) has 38 significant digits; the
/// history file keeps 19, far beyond the 5 or 6 a close is published with, so a history is rounded
/// to them before it is kept (else the file would be refused as damaged when read back).
enum HistoryDigits {
    static let kept = 19

    static func storable(_ rate: Decimal) -> Decimal { rate.rounded(significantDigits: kept) }
}
