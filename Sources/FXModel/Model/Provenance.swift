/// Names a rate source in config, flags, the cache and `FX_<ID>_URL`.
public struct SourceID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let ecb = SourceID("ecb")
}

/// Where an answer came from and how old it is: printed under every result.
public struct Provenance: Sendable, Equatable {
    public enum Origin: String, Sendable, Equatable {
        /// Fetched during this run.
        case network
        /// Read from the cache file.
        case cache
        /// The ECB rates compiled into fx.
        case builtIn = "built-in"
    }

    public let source: SourceID
    public let sourceName: String
    /// The publication date of the rates used (for a table whose rows carry their own dates,
    /// the older row of the pair).
    public var date: Day
    /// How the rate was made when it is not one institution's publication, shown in place of the
    /// source's id: "Frankfurter blend of 3 central banks", "AED pegged to USD by the Central Bank of the UAE".
    public var basis: String?
    /// For a table whose rows carry their own dates and makers (a blend): each row used, by the
    /// currency it prices, so an explanation can show every leg's own day and institutions.
    public var rows: [CurrencyCode: RowSource] = [:]
    /// When fx last got these rates from the source; nil for built-in data.
    public let fetchedAt: Date?
    public let origin: Origin
    /// When a newer publication was expected; rates that are still the newest are not stale.
    public let supersededAt: Date?
    /// For a dated question: the day asked for, when it differs from `date` (a weekend or holiday).
    public var requested: Day?
    /// The publication before `requested` answered by the previous-business-day rule, as asked:
    /// said beside the date, never noted as a day without rates.
    public var previousBusinessDay = false
    /// For a mean or series over a period: how much of it the rates used hold.
    public var coverage: PeriodCoverage?
    /// The named rule that chose this publication, and why (`--rule pl-nbp`).
    public var rule: RuleNote?
    /// For prices that move all the time (an exchange's): the instant the price was taken.
    public var pricedAt: Date?
    /// For an exchange's history: its rates are each UTC day's closing price (Kraken's daily candles).
    public var dailyClose = false

    public init(source: SourceID, sourceName: String, date: Day, fetchedAt: Date?, origin: Origin, supersededAt: Date? = nil) {
        self.source = source
        self.sourceName = sourceName
        self.date = date
        self.fetchedAt = fetchedAt
        self.origin = origin
        self.supersededAt = supersededAt
    }

    /// How long ago a newer publication was due; zero while these rates are the newest possible.
    public func staleness(at now: Date) -> TimeInterval {
        guard let supersededAt, now > supersededAt else { return 0 }
        return now.timeIntervalSince(supersededAt)
    }
}

/// One row of a table used by an answer: the day it was observed, and the institutions whose
/// rates made it (nil for a source's own rate; empty for a row set by a peg), each with its own
/// rate and day where the blend gave them.
public struct RowSource: Sendable, Equatable {
    public let day: Day
    /// As `RateTable.contributors` keeps them, read only when asked: every blended answer carries
    /// its rows, and reading each rate as a Decimal cost 48,000 instructions a line in script mode,
    /// where only `--explain` shows them.
    let encoded: [String]?
    public var contributions: [Contribution]? { encoded?.map(Contribution.init(encoded:)) }
    /// The institutions' keys: "ECB", "FRED".
    public var institutions: [String]? { encoded?.map(Contribution.key(encoded:)) }

    /// `institutions` as `RateTable.contributors` keeps them: `ECB=1.1172@2026-11-24`, or a bare key.
    public init(day: Day, institutions: [String]?) {
        self.day = day
        self.encoded = institutions
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.day == rhs.day && lhs.contributions == rhs.contributions }
}
