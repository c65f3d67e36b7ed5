import FXRates

/// What fx knows of a source before asking it: from its registry and the settings.
public struct SourceInfo: Sendable, Equatable {
    public let id: SourceID
    public let name: String
    public let enabled: Bool
    /// The environment variable its key comes from, for sources that need one.
    public let keyVariable: String?
    public let keySet: Bool
    /// What its rates are against: `EUR`, `CAD`, `per dataset`.
    public let base: String
    /// The source whose server it is read through (`frankfurter` for an institution's series); nil when read directly.
    public var relayedBy: SourceID?

    public init(id: SourceID, name: String, enabled: Bool, keyVariable: String?, keySet: Bool, base: String, relayedBy: SourceID? = nil) {
        self.relayedBy = relayedBy
        self.id = id
        self.name = name
        self.enabled = enabled
        self.keyVariable = keyVariable
        self.keySet = keySet
        self.base = base
    }
}

/// `sources`: every known source, in the order they are asked, with what the service knows.
public struct SourcesReport: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let info: SourceInfo
        /// Nil for a disabled source.
        public let status: SourceStatus?

        public init(info: SourceInfo, status: SourceStatus?) {
            self.info = info
            self.status = status
        }
    }

    public let rows: [Row]
    /// The institutions Frankfurter relays (its `providers` route), listed under it; nil when
    /// Frankfurter is off or not wired.
    public let relayed: FrankfurterProviderDirectory.Listing?

    public init(rows: [Row], relayed: FrankfurterProviderDirectory.Listing? = nil) {
        self.rows = rows
        self.relayed = relayed
    }
}

/// `sources compare usd jpy`: each source's rate, and the median they agree around.
public struct SourceComparison: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let source: SourceID
        public let name: String
        public let quote: Quote?
        /// Why this source has no rate for the pair.
        public let problem: String?

        public init(source: SourceID, name: String, quote: Quote?, problem: String?) {
            self.source = source
            self.name = name
            self.quote = quote
            self.problem = problem
        }
    }

    public let base: CurrencyCode
    public let quote: CurrencyCode
    public let rows: [Row]

    public init(base: CurrencyCode, quote: CurrencyCode, rows: [Row]) {
        self.base = base
        self.quote = quote
        self.rows = rows
    }

    /// The median of the rates given (the mean of the middle two for an even count).
    public var median: Decimal? {
        let rates = rows.compactMap { $0.quote?.rate }.sorted()
        guard !rates.isEmpty else { return nil }
        let middle = rates.count / 2
        return rates.count % 2 == 1 ? rates[middle] : (rates[middle - 1] + rates[middle]) / 2
    }

    /// Sources publish at different hours, so rates of the same day differ by this much (percent)
    /// beyond their precision without anything being wrong.
    public static let timingAllowance: Decimal = 1

    /// Whether `row` is further from the median than its precision explains: its rounding error
    /// (half a unit in its last published digit; ±0.05% for the usual four or more digits) plus
    /// `timingAllowance`. A stand-in table rounded too far, or a wrong rate, shows up here.
    public func beyondPrecision(_ row: Row) -> Bool {
        guard let quote = row.quote, let median, median != 0 else { return false }
        let deviation = abs((quote.rate - median) / median * 100)
        let rounding = quote.coarse?.uncertaintyPercent ?? Decimal(sign: .plus, exponent: -2, significand: 5)
        return deviation > rounding + Self.timingAllowance
    }
}
