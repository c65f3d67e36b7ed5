extension CacheFileFormat {
    init(schema: Int, sources: [String: Entry]) {
        self.schema = schema
        self.sources = sources
    }

    /// Reads `latest.json` with the strict scanner rather than JSONDecoder: every answer from
    /// the cache reads this file, and JSONDecoder's generic machinery took a third of a one-shot
    /// conversion's own time. Unknown keys are skipped (a newer fx may add some); a repeated key
    /// means the file is damaged. With `keeping`, only those currencies' rows are read (rates,
    /// row dates, institutions, precisions, the earlier rates); the others are skipped as JSON,
    /// never made into strings or dictionaries (see `FileRateStore.load(keeping:)`); in a file
    /// written as fx writes it (pretty-printed, keys sorted), not even scanned: found by a binary
    /// search over the table's lines (`JSONScanner.sortedMembers`).
    static func scan(_ data: Data, keeping: Set<String>? = nil) throws(CacheFormatError) -> CacheFileFormat {
        var deferred: [String: Int] = [:]
        return try scan(data.byteArray, keeping: keeping, deferring: false, deferred: &deferred)
    }

    /// With `deferring`, an entry whose end is found without reading it (`prettyObjectEnd`) is
    /// skipped, and where it begins put in `deferred`, for `entry(_:in:at:keeping:)`.
    static func scan(
        _ bytes: [UInt8], keeping: Set<String>?, deferring: Bool, deferred: inout [String: Int]
    ) throws(CacheFormatError) -> CacheFileFormat {
        var json = JSONScanner<FetchFailure>(bytes: bytes)
        var schema: Int?
        var sources: [String: Entry]?
        let rows = Rows(keeping)
        do {
            try json.members { json, key throws(FetchFailure) in
                switch key {
                case "schema":
                    guard schema == nil else { throw .malformed("repeated key") }
                    schema = Int(try json.number())
                case "sources":
                    guard sources == nil else { throw .malformed("repeated key") }
                    // A layout fx does not know is not read, only reported (sorted keys put schema first).
                    if let schema, schema != currentSchema {
                        try json.skipValue(); sources = [:]
                    } else {
                        sources = try scanSources(&json, rows: rows, deferring: deferring, deferred: &deferred)
                    }
                default: try json.skipValue()
                }
            }
            try json.end()
        } catch {
            if let schema, schema != currentSchema { throw .unsupportedSchema(schema) }
            throw .invalid("not a cache file")
        }
        guard let schema, let sources else { throw .invalid("not a cache file") }
        return CacheFileFormat(schema: schema, sources: sources)
    }

    /// The entry of `id` that `scan` deferred, read from the same bytes where it begins.
    static func entry(_ id: String, in bytes: [UInt8], at start: Int, keeping: Set<String>?) throws(CacheFormatError) -> CachedRates? {
        var json = JSONScanner<FetchFailure>(bytes: bytes)
        guard json.move(to: start) else { return nil }
        let entry: Entry
        do { entry = try scanEntry(&json, rows: Rows(keeping)) } catch { throw .invalid("not a cache file") }
        return try CacheFileFormat(schema: currentSchema, sources: [id: entry]).entries()[SourceID(id)]
    }

    private static func scanSources(
        _ json: inout JSONScanner<FetchFailure>, rows: Rows, deferring: Bool, deferred: inout [String: Int]
    ) throws(FetchFailure) -> [String: Entry] {
        var sources: [String: Entry] = [:]
        var seen: Set<String> = []
        try json.members { json, id throws(FetchFailure) in
            guard seen.insert(id).inserted else { throw .malformed("repeated source") }
            let start = try json.valueOffset()
            if deferring, try json.skipPrettyObject() {
                deferred[id] = start
            } else {
                sources[id] = try scanEntry(&json, rows: rows)
            }
        }
        return sources
    }

    private static func scanEntry(_ json: inout JSONScanner<FetchFailure>, rows: Rows) throws(FetchFailure) -> Entry {
        var base, date, etag, lastModified: String?
        var fetchedAt, checkedAt, publishedAt: Date?
        var rates, dates, contributors: [String: String]?
        var previous: Previous?
        var coarse: [String: Int]?
        var unpriced: [Gap]?
        // An array, not a Set: a dozen keys, and hashing each cost a blended one-shot 15,000 instructions.
        var seen: [String] = []
        try json.members { json, key throws(FetchFailure) in
            guard !seen.contains(key) else { throw .malformed("repeated key") }
            seen.append(key)
            switch key {
            case "base": base = try json.string()
            case "date": date = try json.string()
            case "etag": etag = try json.null() ? nil : try json.string()
            case "lastModified": lastModified = try json.null() ? nil : try json.string()
            case "fetchedAt": fetchedAt = try instant(&json)
            case "checkedAt": checkedAt = try instant(&json)
            case "publishedAt": publishedAt = try json.null() ? nil : try instant(&json)
            case "rates": rates = try texts(&json, rows: rows)
            case "dates": dates = try texts(&json, rows: rows)
            case "contributors": contributors = try texts(&json, rows: rows)
            case "coarse":
                var significands: [String: Int] = [:]
                try rows.read(&json) { json, code throws(FetchFailure) in
                    guard significands[code] == nil, let value = Int(try json.number()) else { throw .malformed("invalid precision") }
                    significands[code] = value
                }
                coarse = significands
            case "previous":
                if try json.null() { break }
                var earlierDate: String?
                var earlierRates: [String: String]?
                try json.members { json, key throws(FetchFailure) in
                    switch key {
                    case "date": earlierDate = try json.string()
                    case "rates": earlierRates = try texts(&json, rows: rows)
                    default: try json.skipValue()
                    }
                }
                guard let earlierDate, let earlierRates else { throw .malformed("incomplete previous rates") }
                previous = Previous(date: earlierDate, rates: earlierRates)
            case "unpriced": unpriced = try gaps(&json, rows: rows)
            default: try json.skipValue()
            }
        }
        guard let base, let date, let fetchedAt, let checkedAt, let rates else { throw .malformed("incomplete entry") }
        return Entry(
            base: base, date: date, fetchedAt: fetchedAt, checkedAt: checkedAt, etag: etag,
            lastModified: lastModified, rates: rates, previous: previous, publishedAt: publishedAt, coarse: coarse,
            dates: dates, contributors: contributors, unpriced: unpriced)
    }

    /// `[{"code": "XRP", "failure": {…}}]`, the kept codes' only. A failure is read by JSONDecoder
    /// (rare: only a fetch that went without something has one); one it cannot read is left out.
    private static func gaps(_ json: inout JSONScanner<FetchFailure>, rows: Rows) throws(FetchFailure) -> [Gap] {
        var gaps: [Gap] = []
        try json.elements { json throws(FetchFailure) in
            var code: String?, failure: String?
            try json.distinctMembers { json, key throws(FetchFailure) in
                switch key {
                case "code": code = try json.string()
                case "failure": failure = try json.valueText()
                default: try json.skipValue()
                }
            }
            guard let code, let failure else { throw .malformed("incomplete unpriced entry") }
            guard rows.keeps(code), let read = try? JSONDecoder().decode(FetchFailure.self, from: Data(failure.utf8)) else { return }
            gaps.append(Gap(code: code, failure: read))
        }
        return gaps
    }

    private static func texts(_ json: inout JSONScanner<FetchFailure>, rows: Rows) throws(FetchFailure) -> [String: String] {
        // Room for a whole table up front (see ProcessEnvironment.variables; measured:
        // Benchmarks/README.md, "What each fast path is worth", reserved capacities).
        var texts = [String: String](minimumCapacity: rows.codes == nil ? 64 : 2)
        try rows.read(&json) { json, code throws(FetchFailure) in
            guard texts[code] == nil else { throw .malformed("repeated currency") }
            texts[code] = try json.string()
        }
        return texts
    }

    /// Which currencies' rows are read: all, or those kept, compared as bytes (no string made of the others).
    struct Rows {
        /// The kept codes in ascending byte order; nil for all.
        let codes: [[UInt8]]?

        init(_ keeping: Set<String>?) {
            codes = keeping.map { $0.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) } }
        }

        /// Whether the row of `code` is read.
        func keeps(_ code: String) -> Bool { codes.map { $0.contains { $0.elementsEqual(code.utf8) } } ?? true }

        /// Calls `body` at each kept row of the object ahead: found by a binary search over its
        /// lines when it is written as fx writes it, else row by row.
        func read(
            _ json: inout JSONScanner<FetchFailure>, _ body: (inout JSONScanner<FetchFailure>, String) throws(FetchFailure) -> Void
        ) throws(FetchFailure) {
            guard let codes else { return try json.members(body) }
            if try json.sortedMembers(codes, body) { return }
            try json.members(where: { key in codes.contains { $0.elementsEqual(key) } }, body)
        }
    }

    /// `2026-10-30T15:05:12Z`, the form JSONEncoder's `.iso8601` writes.
    private static func instant(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> Date {
        let text = try json.string()
        guard let date = Date(utcSecondText: text) else { throw .malformed("not an instant: \(text)") }
        return date
    }
}

extension Date {
    /// `2026-10-30T15:05:12Z`: whole seconds in UTC, as JSONEncoder's `.iso8601` writes them,
    /// without its date-formatting machinery.
    public var utcSecondText: String {
        let seconds = Int(timeIntervalSince1970.rounded(.down))
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        return Day(utc: self).description + "T" + Day.padded(secondOfDay / 3600, 2) + ":"
            + Day.padded(secondOfDay % 3600 / 60, 2) + ":" + Day.padded(secondOfDay % 60, 2) + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` exactly; nil for anything else.
    public init?(utcSecondText text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
            let day = Day(iso: String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 61
        else { return nil }
        self = day.startUTC.addingTimeInterval(TimeInterval(hour * 3600 + minute * 60 + second))
    }
}
