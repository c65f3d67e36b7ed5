/// How fx asks its helper to fetch and read one of the ECB's files (`HelperECBFetcher`): one JSON
/// request on the helper's stdin; on its stdout one JSON line, the head (a failure, a 304, or
/// the validators), then on success a CSV in the ECB's own layout, which fx reads exactly: the
/// tables of an XML file written so, the CSV inside the zipped history as it is.
public enum ECBFetchWire {
    /// Which kind of file the URL names.
    public enum File: String, Codable, Sendable {
        case xml, zip
    }

    struct Request: Codable {
        var read: File
        var url: String
        var validators: Validators?
        var timeout: Double
        var maxBytes: Int
    }

    /// Exactly one of the three is set.
    struct Head: Codable {
        var failure: FetchFailure?
        var notModified: Bool?
        var validators: Validators?
    }

    public static func encode(_ request: SourceRequest, reading file: File) -> Data {
        let wire = Request(
            read: file, url: request.url.absoluteString, validators: request.validators,
            timeout: request.timeout, maxBytes: request.maxBytes)
        return (try? JSONEncoder().encode(wire)) ?? Data()
    }

    /// The request and the kind of file, or nil when `data` is no such request.
    public static func decodeRequest(_ data: Data) -> (request: SourceRequest, file: File)? {
        guard let wire = try? JSONDecoder().decode(Request.self, from: data),
            let url = URL(string: wire.url), wire.timeout > 0, wire.maxBytes > 0
        else { return nil }
        return (SourceRequest(url: url, validators: wire.validators, timeout: wire.timeout, maxBytes: wire.maxBytes), wire.read)
    }

    /// The helper's whole answer for an XML file.
    public static func answer(_ result: Result<Fetched<[RateTable]>, FetchFailure>) -> Data {
        switch result {
        case .success(.notModified): answer(Head(notModified: true), body: "")
        case .success(.fetched(let tables, let validators)): answer(Head(validators: validators), body: csv(tables))
        case .failure(let failure): answer(Head(failure: failure), body: "")
        }
    }

    /// The helper's whole answer for the zipped history.
    public static func answer(csv result: Result<Data, FetchFailure>) -> Data {
        switch result {
        case .success(let csv):
            var data = answer(Head(validators: Validators()), body: "")
            data.append(csv)
            return data
        case .failure(let failure): return answer(Head(failure: failure), body: "")
        }
    }

    /// The tables or the failure an answer for an XML file holds; nil when it is no answer at all.
    public static func decodeTables(_ output: Data) -> Result<Fetched<[RateTable]>, FetchFailure>? {
        guard let (head, body) = split(output) else { return nil }
        if let failure = head.failure { return .failure(failure) }
        if head.notModified == true { return .success(.notModified) }
        guard let validators = head.validators else { return nil }
        return Result { () throws(FetchFailure) in
            .fetched(try ECBHistoryCSV.parse(String(decoding: body, as: UTF8.self)), validators)
        }
    }

    /// The CSV or the failure an answer for the zipped history holds; nil when it is no answer at all.
    public static func decodeCSV(_ output: Data) -> Result<Data, FetchFailure>? {
        guard let (head, body) = split(output) else { return nil }
        if let failure = head.failure { return .failure(failure) }
        guard head.validators != nil else { return nil }
        return .success(body)
    }

    private static func answer(_ head: Head, body: String) -> Data {
        HelperWire.line(head, fallback: #"{"failure":{"malformed":{"_0":"unreadable document"}}}"#) + Data(body.utf8)
    }

    private static func split(_ output: Data) -> (Head, Data)? {
        HelperWire.split(output, as: Head.self)
    }

    /// `Date,USD,JPY,…` then a row per table, newest first, as the ECB writes its history.
    static func csv(_ tables: [RateTable]) -> String {
        let codes = Set(tables.flatMap(\.rates.keys)).sorted()
        var text = "Date," + codes.map(\.rawValue).joined(separator: ",") + "\n"
        for table in tables.reversed() {
            text += table.date.description
            for code in codes { text += "," + (table.rates[code].map { DecimalFormat.plain($0) } ?? "N/A") }
            text += "\n"
        }
        return text
    }
}
