/// One institution's part in a blended row (Frankfurter v2's `expand=providers`): its key, and
/// its own rate for the row's quote against the table's base, observed on its own day.
///
/// Kept in `RateTable.contributors` as text, `ECB=1.1172@2026-11-24`, so that the cache keeps it
/// in the comma-separated form it already writes; a bare key (`ECB`, from a cache written before
/// the rates were kept) reads with neither rate nor day.
public struct Contribution: Sendable, Equatable {
    public let key: String
    public let rate: Decimal?
    public let day: Day?

    public init(key: String, rate: Decimal? = nil, day: Day? = nil) {
        (self.key, self.rate, self.day) = (key, rate, day)
    }

    /// `KEY=RATE@DAY`, or the key alone when either is unknown.
    public var encoded: String {
        guard let rate, let day else { return key }
        return "\(key)=\(rate)@\(day)"
    }

    /// The key `init(encoded:)` reads, from the bytes of the ASCII text fx writes (a rate of digits
    /// and at most one point) without a Decimal; any other text is read in full, so the two never
    /// disagree. Every blended answer counts its institutions: this costs a tenth of the reading.
    public static func key(encoded text: String) -> String {
        let utf8 = text.utf8
        guard let equals = utf8.firstIndex(of: 0x3D), let at = utf8[equals...].firstIndex(of: 0x40) else { return text }
        let rate = utf8[utf8.index(after: equals)..<at]
        let plain =
            utf8.allSatisfy { $0 < 0x80 } && rate.contains { $0 >= 0x30 && $0 <= 0x39 }
            && rate.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E } && rate.count(where: { $0 == 0x2E }) <= 1
        guard plain, Day(iso: Substring(utf8[utf8.index(after: at)...])) != nil else { return Contribution(encoded: text).key }
        return String(text[..<equals])
    }

    /// Reads `encoded`; text that does not hold a rate and a day is all key.
    public init(encoded text: String) {
        guard let equals = text.firstIndex(of: "="), let at = text[equals...].firstIndex(of: "@"),
            let rate = Decimal(exactly: text[text.index(after: equals)..<at]),
            let day = Day(iso: String(text[text.index(after: at)...]))
        else {
            self.init(key: text)
            return
        }
        self.init(key: String(text[..<equals]), rate: rate, day: day)
    }
}

extension RateTable {
    /// The institutions that made the row of `code`, each with its own rate and day where known;
    /// nil when this table is not a blend, empty for a row set by a peg.
    public func contributions(of code: CurrencyCode) -> [Contribution]? {
        contributors[code].map { $0.map(Contribution.init(encoded:)) }
    }

    /// The keys of `contributions(of:)`, without reading rates and days.
    public func contributorKeys(of code: CurrencyCode) -> [String]? {
        contributors[code].map { $0.map(Contribution.key(encoded:)) }
    }
}
