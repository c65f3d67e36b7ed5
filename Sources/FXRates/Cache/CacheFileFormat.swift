/// The JSON layout of `latest.json`, kept apart from the domain types so either can change.
///
///     {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-10-30",
///      "fetchedAt": "2026-10-30T15:05:12Z", "checkedAt": "…", "etag": "…",
///      "lastModified": "…", "rates": {"USD": "1.1172", …}}}}
///
/// An entry may also hold `"unpriced": [{"code": "XRP", "failure": {…}}]`: what its fetch asked
/// for and could not price, the failure as `FetchFailure` encodes itself (a later fx that cannot
/// read one leaves that one out, as if it had been priced nowhere).
///
/// Rates are strings so that they round-trip exactly.
struct CacheFileFormat: Codable {
    static let currentSchema = 1

    var schema: Int
    var sources: [String: Entry]

    struct Entry: Codable {
        var base: String
        var date: String
        var fetchedAt: Date
        var checkedAt: Date
        var etag: String?
        var lastModified: String?
        var rates: [String: String]
        /// Optional: the table before this one, so `rate` can show the change. Also optional:
        /// the publication instant of intraday sources.
        var previous: Previous?
        var publishedAt: Date?
        /// Optional: the significands of coarse rates (`RateTable.coarse`), absent when there are none.
        var coarse: [String: Int]?
        /// Optional: rows dated other than `date` (`RateTable.rowDates`), and the institutions of
        /// each row of a blend, comma-separated, empty for a peg (`RateTable.contributors`).
        var dates: [String: String]?
        var contributors: [String: String]?
        /// Optional: what the fetch asked for and could not price, in the order asked (`CachedRates.gaps`).
        var unpriced: [Gap]?
    }

    /// A currency and why it was not priced: the failure as fx's own types encode it.
    struct Gap: Codable {
        var code: String
        var failure: FetchFailure
    }

    struct Previous: Codable {
        var date: String
        var rates: [String: String]
    }

    private static func text(_ rates: [CurrencyCode: Decimal]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: rates.map { ($0.key.rawValue, DecimalFormat.plain($0.value)) })
    }

    private static func rates(_ texts: [String: String], of id: String) throws(CacheFormatError) -> [CurrencyCode: Decimal] {
        var rates: [CurrencyCode: Decimal] = [:]
        for (code, text) in texts {
            // The integer fast path (see FrankfurterDecoder.exactDecimal): `Decimal(exactly:)` goes through a
            // Locale; with a 219-currency blend cached this saved 230,000 of a one-shot's 5.97M instructions
            // (Benchmarks/frankfurter.py, Benchmarks/README.md "Frankfurter v2").
            guard let currency = CurrencyCode(code), let rate = FrankfurterDecoder.exactDecimal(text), rate > 0 else {
                throw .invalid("an invalid rate \(code.shownFromFile) of \(id.shownFromFile)")
            }
            rates[currency] = rate
        }
        return rates
    }

    init(entries: [SourceID: CachedRates]) {
        schema = Self.currentSchema
        sources = Dictionary(
            uniqueKeysWithValues: entries.map { id, cached in
                (
                    id.rawValue,
                    Entry(
                        base: cached.table.base.rawValue,
                        date: cached.table.date.description,
                        fetchedAt: cached.fetchedAt,
                        checkedAt: cached.checkedAt,
                        etag: cached.validators.etag,
                        lastModified: cached.validators.lastModified,
                        rates: Self.text(cached.table.rates),
                        previous: cached.table.previous.map { Previous(date: $0.date.description, rates: Self.text($0.rates)) },
                        publishedAt: cached.table.publishedAt,
                        coarse: cached.table.coarse.isEmpty
                            ? nil : Dictionary(uniqueKeysWithValues: cached.table.coarse.map { ($0.key.rawValue, $0.value) }),
                        dates: cached.table.rowDates.isEmpty
                            ? nil : Dictionary(uniqueKeysWithValues: cached.table.rowDates.map { ($0.key.rawValue, $0.value.description) }),
                        contributors: cached.table.contributors.isEmpty
                            ? nil
                            : Dictionary(
                                uniqueKeysWithValues: cached.table.contributors.map { ($0.key.rawValue, $0.value.joined(separator: ",")) }),
                        unpriced: cached.gaps.isEmpty ? nil : cached.gaps.map { Gap(code: $0.code.rawValue, failure: $0.failure) }
                    )
                )
            })
    }

    /// The domain entries, or a reason the file cannot be trusted.
    func entries() throws(CacheFormatError) -> [SourceID: CachedRates] {
        guard schema == Self.currentSchema else { throw .unsupportedSchema(schema) }
        var result: [SourceID: CachedRates] = [:]
        for (id, entry) in sources {
            guard let base = CurrencyCode(entry.base), let date = Day(iso: entry.date) else {
                throw .invalid("an invalid entry \(id.shownFromFile)")
            }
            let rates = try Self.rates(entry.rates, of: id)
            var previous: PreviousRates?
            if let earlier = entry.previous {
                guard let day = Day(iso: earlier.date) else { throw .invalid("an invalid previous date of \(id.shownFromFile)") }
                previous = PreviousRates(date: day, rates: try Self.rates(earlier.rates, of: id))
            }
            var coarse: [CurrencyCode: Int] = [:]
            for (code, significand) in entry.coarse ?? [:] {
                guard let currency = CurrencyCode(code), significand > 0 else {
                    throw .invalid("an invalid precision of \(id.shownFromFile)")
                }
                coarse[currency] = significand
            }
            var rowDates: [CurrencyCode: Day] = [:]
            for (code, text) in entry.dates ?? [:] {
                guard let currency = CurrencyCode(code), let day = Day(iso: text) else {
                    throw .invalid("an invalid row date of \(id.shownFromFile)")
                }
                rowDates[currency] = day
            }
            var contributors: [CurrencyCode: [String]] = [:]
            for (code, keys) in entry.contributors ?? [:] {
                guard let currency = CurrencyCode(code) else { throw .invalid("an invalid blend row of \(id.shownFromFile)") }
                // Split as bytes: `split` on the String reads Characters.
                let parts = keys.utf8.split(separator: UInt8(ascii: ","))
                contributors[currency] = keys.isEmpty ? [] : parts.map { String(decoding: $0, as: UTF8.self) }
            }
            var gaps: [PriceGap] = []
            for gap in entry.unpriced ?? [] {
                guard let currency = CurrencyCode(gap.code) else { throw .invalid("an invalid unpriced code of \(id.shownFromFile)") }
                gaps.append(PriceGap(currency, gap.failure))
            }
            result[SourceID(id)] = CachedRates(
                source: SourceID(id),
                table: RateTable(
                    base: base, date: date, rates: rates, publishedAt: entry.publishedAt, previous: previous, coarse: coarse,
                    rowDates: rowDates, contributors: contributors),
                fetchedAt: entry.fetchedAt, checkedAt: entry.checkedAt,
                validators: Validators(etag: entry.etag, lastModified: entry.lastModified), gaps: gaps)
        }
        return result
    }

    /// With `keeping`, each table holds only those currencies' rows (and its base).
    static func decode(_ data: Data, keeping: Set<String>? = nil) throws(CacheFormatError) -> [SourceID: CachedRates] {
        try scan(data, keeping: keeping).entries()
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

enum CacheFormatError: Error {
    case unsupportedSchema(Int)
    /// What is wrong, worded to stand in a warning's parentheses: "not a cache file".
    case invalid(String)

    var reason: String {
        switch self {
        case .unsupportedSchema(let version): "unknown schema version \(version)"
        case .invalid(let what): what
        }
    }
}
