/// Decodes one dataset of the time-series API,
/// `{"dataset_data":{"column_names":["Date","Value"],"data":[["2021-03-30",1.1741],…],…}}`
/// (or the `dataset` variant with metadata), and the `{"quandl_error":{"code","message"}}` envelope.
enum NasdaqDecoder {
    /// One value of the chosen column, exact.
    struct Observation: Equatable {
        var day: Day
        var value: Decimal
    }

    /// The dated, non-null values of `column` (nil: the only value column), newest first.
    /// Days after `latest` are refused; `label` names the pair in errors.
    static func observations(_ data: Data, column: String?, label: String, latest: Day) throws(FetchFailure) -> [Observation] {
        var json = JSONScanner<FetchFailure>(data)
        var found: [Observation]?
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "dataset_data", "dataset":
                guard found == nil else { throw .malformed("both dataset and dataset_data") }
                found = try dataset(&json, column: column, label: label, latest: latest)
            case "quandl_error":
                throw try providerError(&json)
            default:
                try json.skipValue()
            }
        }
        try json.end()
        guard let found else { throw .malformed("no dataset_data") }
        guard !found.isEmpty else { throw .noRates }
        return found
    }

    /// The error envelope as `.providerError("QECx02: …")`; nil when the body is not one.
    static func errorEnvelope(_ data: Data) -> FetchFailure? {
        var json = JSONScanner<FetchFailure>(data)
        var failure: FetchFailure?
        do {
            try json.members { json, key throws(FetchFailure) in
                if key == "quandl_error", failure == nil { failure = try providerError(&json) } else { try json.skipValue() }
            }
            try json.end()
        } catch { return nil }
        return failure
    }

    private static func providerError(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> FetchFailure {
        var code = "", message = ""
        try json.members { json, key throws(FetchFailure) in
            switch key {
            case "code": code = try json.string()
            case "message": message = try json.string()
            default: try json.skipValue()
            }
        }
        // Codes look like QECx02; anything else is not printed as one.
        let plain = !code.isEmpty && code.count <= 12 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let shown = plain ? code : "unknown code"
        return .providerError("error \(shown): \(message.isEmpty ? "no message" : ProviderText.clean(message))")
    }

    private static func dataset(
        _ json: inout JSONScanner<FetchFailure>, column: String?, label: String,
        latest: Day
    ) throws(FetchFailure) -> [Observation] {
        var names: [String]?
        var rows: [(day: Day, values: [String])]?
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "column_names":
                var list: [String] = []
                try json.elements { json throws(FetchFailure) in list.append(try json.string()) }
                names = list
            case "data":
                rows = try Self.rows(&json, latest: latest)
            default:
                try json.skipValue()
            }
        }
        guard let names else { throw .malformed("no column_names") }
        guard let rows else { throw .malformed("no data") }
        let index = try columnIndex(names, column: column)
        var result: [Observation] = []
        for row in rows {
            guard row.values.count == names.count - 1 else {
                throw .malformed("row \(row.day) has \(row.values.count + 1) values for \(names.count) columns")
            }
            let text = row.values[index - 1]
            if text == "null" { continue }  // a gap in this column, not an error
            guard let value = Decimal(exactly: text), value > 0 else {
                throw .invalidRate(currency: label, value: ProviderText.clean(text))
            }
            result.append(Observation(day: row.day, value: value))
        }
        // The default order is newest first, but nothing here relies on it.
        return result.sorted { $0.day > $1.day }
    }

    /// Each row is `[date, value…]`; values are kept as their text (numbers exactly as written).
    private static func rows(_ json: inout JSONScanner<FetchFailure>, latest: Day) throws(FetchFailure) -> [(day: Day, values: [String])] {
        var rows: [(day: Day, values: [String])] = []
        var seenDays = Set<Day>()
        try json.elements { json throws(FetchFailure) in
            var day: Day?
            var values: [String] = []
            try json.elements { json throws(FetchFailure) in
                guard day != nil else {
                    let text = try json.string()
                    guard let parsed = Day(iso: text) else { throw .malformed("'\(ProviderText.clean(text))' is not a date") }
                    day = parsed
                    return
                }
                values.append(try json.atNumber() ? json.number() : json.rawValue())
            }
            guard let day else { throw .missingDate }
            guard seenDays.insert(day).inserted else { throw .duplicateDate(day) }
            guard day <= latest else { throw .futureDate(day) }
            rows.append((day, values))
        }
        return rows
    }

    /// The configured column, or the only one after Date; never column 0 (the date).
    private static func columnIndex(_ names: [String], column: String?) throws(FetchFailure) -> Int {
        if let column {
            guard let index = names.firstIndex(of: column), index > 0 else {
                throw .malformed("no column '\(ProviderText.clean(column))' in \(ProviderText.clean(names.joined(separator: ", ")))")
            }
            return index
        }
        guard names.count == 2 else {
            throw .malformed("several columns (\(ProviderText.clean(names.dropFirst().joined(separator: ", ")))); name one in the config")
        }
        return 1
    }

}
