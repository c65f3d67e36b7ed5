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
    /// never made into strings or dictionaries (see `FileRateStore.load(keeping:)`).
    static func scan(_ data: Data, keeping: Set<String>? = nil) throws(CacheFormatError) -> CacheFileFormat {
        var json = JSONScanner<FetchFailure>(data)
        var schema: Int?
        var sources: [String: Entry]?
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
                        sources = try scanSources(&json, keeping: keeping)
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

    private static func scanSources(
        _ json: inout JSONScanner<FetchFailure>, keeping: Set<String>?
    ) throws(FetchFailure) -> [String: Entry] {
        var sources: [String: Entry] = [:]
        try json.members { json, id throws(FetchFailure) in
            guard sources[id] == nil else { throw .malformed("repeated source") }
            sources[id] = try scanEntry(&json, keeping: keeping)
        }
        return sources
    }

    private static func scanEntry(_ json: inout JSONScanner<FetchFailure>, keeping: Set<String>?) throws(FetchFailure) -> Entry {
        var base, date, etag, lastModified: String?
        var fetchedAt, checkedAt, publishedAt: Date?
        var rates, dates, contributors: [String: String]?
        var previous: Previous?
        var coarse: [String: Int]?
        var seen: Set<String> = []
        try json.members { json, key throws(FetchFailure) in
            guard seen.insert(key).inserted else { throw .malformed("repeated key") }
            switch key {
            case "base": base = try json.string()
            case "date": date = try json.string()
            case "etag": etag = try json.null() ? nil : try json.string()
            case "lastModified": lastModified = try json.null() ? nil : try json.string()
            case "fetchedAt": fetchedAt = try instant(&json)
            case "checkedAt": checkedAt = try instant(&json)
            case "publishedAt": publishedAt = try json.null() ? nil : try instant(&json)
            case "rates": rates = try texts(&json, keeping: keeping)
            case "dates": dates = try texts(&json, keeping: keeping)
            case "contributors": contributors = try texts(&json, keeping: keeping)
            case "coarse":
                var significands: [String: Int] = [:]
                try json.members(where: wanted(keeping)) { json, code throws(FetchFailure) in
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
                    case "rates": earlierRates = try texts(&json, keeping: keeping)
                    default: try json.skipValue()
                    }
                }
                guard let earlierDate, let earlierRates else { throw .malformed("incomplete previous rates") }
                previous = Previous(date: earlierDate, rates: earlierRates)
            default: try json.skipValue()
            }
        }
        guard let base, let date, let fetchedAt, let checkedAt, let rates else { throw .malformed("incomplete entry") }
        return Entry(
            base: base, date: date, fetchedAt: fetchedAt, checkedAt: checkedAt, etag: etag,
            lastModified: lastModified, rates: rates, previous: previous, publishedAt: publishedAt, coarse: coarse,
            dates: dates, contributors: contributors)
    }

    private static func texts(_ json: inout JSONScanner<FetchFailure>, keeping: Set<String>?) throws(FetchFailure) -> [String: String] {
        // Room for a whole table up front (see ProcessEnvironment.variables; measured:
        // Benchmarks/README.md, "What each fast path is worth", reserved capacities).
        var texts = [String: String](minimumCapacity: keeping == nil ? 64 : 2)
        try json.members(where: wanted(keeping)) { json, code throws(FetchFailure) in
            guard texts[code] == nil else { throw .malformed("repeated currency") }
            texts[code] = try json.string()
        }
        return texts
    }

    /// Which currencies' rows are read: all, or those kept, compared as bytes (no string made of the others).
    private static func wanted(_ keeping: Set<String>?) -> (ArraySlice<UInt8>) -> Bool {
        guard let keeping else { return { _ in true } }
        let codes = keeping.map { Array($0.utf8) }
        return { key in codes.contains { $0.elementsEqual(key) } }
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
