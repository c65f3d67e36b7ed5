/// fx-fetch's answer on stdout: one JSON line, the head, then the body's bytes, in the shapes fx's
/// `FetchWire` and `ECBFetchWire` decode (Swift's synthesized `Codable` layout: an enum case is an
/// object keyed by its name, unlabelled values `_0`, `_1`).
public enum HelperAnswer {
    /// A plain fetch's answer: status and headers then the body, or why there is no response.
    public static func fetch(_ result: Result<FetchResponse, TransportFailure>) -> [UInt8] {
        switch result {
        case .success(let response):
            let headers = JSON.object(response.headers.map { ($0.name, JSON.string($0.value)) })
            return line(.object([("status", .number(Double(response.status))), ("headers", headers)])) + response.body
        case .failure(let failure):
            return line(.object([("error", failure.json)]))
        }
    }

    /// An ECB request's answer: a 304, or the validators then the CSV, or the failure.
    public static func ecb(_ result: Result<ECBAnswer, ReadFailure>) -> [UInt8] {
        switch result {
        case .success(.notModified):
            return line(.object([("notModified", .bool(true))]))
        case .success(.read(let csv, let etag, let lastModified)):
            var validators: [(String, JSON)] = []
            if let etag { validators.append(("etag", .string(etag))) }
            if let lastModified { validators.append(("lastModified", .string(lastModified))) }
            return line(.object([("validators", .object(validators))])) + csv
        case .failure(let failure):
            return line(.object([("failure", failure.json)]))
        }
    }

    private static func line(_ head: JSON) -> [UInt8] {
        Array(head.text.utf8) + [0x0A]
    }
}

/// What an ECB request brought: the server's word that fx's copy is current, or the file read as CSV.
public enum ECBAnswer: Equatable, Sendable {
    case notModified
    case read(csv: [UInt8], etag: String?, lastModified: String?)
}
