extension HistoryFileFormat.DecodeError: JSONSyntaxFailure {
    public static func jsonSyntax(_ what: String) -> Self { Self(reason: "the header is not fx history JSON") }
}

extension HistoryFileFormat.Header {
    /// The header line, read with the strict scanner rather than JSONDecoder, whose first use
    /// (generic machinery, ISO dates through Calendar) cost a dated question 0.5 ms, a quarter
    /// of its own time. Unknown keys are skipped (a newer fx may add some); the schema alone
    /// decides whether the rest is read: a newer one is reported as such, not as damage.
    static func scan(_ line: Data) throws(HistoryFileFormat.DecodeError) -> Self {
        typealias Failure = HistoryFileFormat.DecodeError
        // First the schema alone, every other value skipped whatever its type: a newer fx may
        // have changed them, and its file is to be left alone, not set aside as damaged.
        var probe = JSONScanner<Failure>(line)
        var schema: Int?
        try probe.members { json, key throws(Failure) in
            if key == "schema", try json.atNumber() { schema = Int(try json.number()) } else { try json.skipValue() }
        }
        guard let schema else { throw .jsonSyntax("no schema") }
        guard schema == HistoryFileFormat.schema else {
            if schema > HistoryFileFormat.schema {
                throw Failure(reason: "schema \(schema) is newer than \(HistoryFileFormat.schema)", newerSchema: schema)
            }
            throw Failure(reason: "schema \(schema) is not the supported \(HistoryFileFormat.schema)")
        }
        var json = JSONScanner<Failure>(line)
        var source, base: String?
        var complete: Bool?
        var fetchedAt, checkedAt: Date?
        var currencies, length: Int?
        var index: [String: Int]?
        var asked: [String: String]?
        var whole: String?
        func integer(_ json: inout JSONScanner<Failure>) throws(Failure) -> Int {
            guard let value = Int(try json.number()) else { throw .jsonSyntax("not an integer") }
            return value
        }
        func instant(_ json: inout JSONScanner<Failure>) throws(Failure) -> Date {
            guard let date = Date(utcSecondText: try json.string()) else { throw .jsonSyntax("not an instant") }
            return date
        }
        var seen: Set<String> = []
        try json.members { json, key throws(Failure) in
            guard seen.insert(key).inserted else { throw .jsonSyntax("repeated key") }
            switch key {
            case "source": source = try json.string()
            case "base": base = try json.string()
            case "complete": complete = try json.boolean()
            case "fetchedAt": fetchedAt = try instant(&json)
            case "checkedAt": checkedAt = try instant(&json)
            case "currencies": currencies = try integer(&json)
            case "length": length = try integer(&json)
            case "index":
                var offsets: [String: Int] = [:]
                try json.members { json, code throws(Failure) in
                    guard offsets[code] == nil else { throw .jsonSyntax("repeated currency") }
                    offsets[code] = try integer(&json)
                }
                index = offsets
            case "asked":
                var spans: [String: String] = [:]
                try json.members { json, code throws(Failure) in
                    guard spans[code] == nil else { throw .jsonSyntax("repeated currency") }
                    spans[code] = try json.string()
                }
                asked = spans
            case "whole": whole = try json.string()
            default: try json.skipValue()
            }
        }
        try json.end()
        guard let source, let base, let complete, let fetchedAt, let checkedAt, let currencies else {
            throw .jsonSyntax("a key is missing")
        }
        return Self(
            schema: schema, source: SourceID(source), base: base, complete: complete, fetchedAt: fetchedAt,
            checkedAt: checkedAt, currencies: currencies, index: index, length: length, asked: asked,
            whole: whole)
    }
}
