/// How `fx` and its network helper `fx-fetch` talk. The helper exists so that the `fx` binary
/// itself never links libcurl, which pulls in about thirty shared libraries that cost more at
/// start-up than the whole of an answer from the cache. The helper writes and reads this wire by
/// hand, without Foundation (FXFetchKit's `HelperRequest`, `HelperAnswer`).
///
/// The request is one JSON document on the helper's stdin (never in argv, where keys in URLs
/// would show in `ps`). The answer on its stdout is one JSON line, the head, then the raw body.
public enum FetchWire {
    public struct Request: Codable, Sendable, Equatable {
        public var url: String
        public var headers: [String: String]
        public var timeout: Double
        public var maxBytes: Int
    }

    /// Status and headers, or why there is no response.
    public struct Head: Codable, Sendable, Equatable {
        public var status: Int?
        public var headers: [String: String]?
        public var error: TransportError?
    }

    public static func encode(_ request: HTTPRequest) -> Data {
        let wire = Request(
            url: request.url.absoluteString, headers: request.headers,
            timeout: request.timeout, maxBytes: request.maxBytes)
        return (try? JSONEncoder().encode(wire)) ?? Data()
    }

    public static func decodeRequest(_ data: Data) -> HTTPRequest? {
        guard let wire = try? JSONDecoder().decode(Request.self, from: data),
            let url = URL(string: wire.url), wire.timeout > 0, wire.maxBytes > 0
        else { return nil }
        return HTTPRequest(url: url, headers: wire.headers, timeout: wire.timeout, maxBytes: wire.maxBytes)
    }

    /// The head line, newline included, for a response or a failure.
    public static func head(_ result: Result<HTTPResponse, TransportError>) -> Data {
        let head: Head
        switch result {
        case .success(let response): head = Head(status: response.status, headers: response.headers, error: nil)
        case .failure(let error): head = Head(status: nil, headers: nil, error: error)
        }
        return HelperWire.line(head, fallback: #"{"error":{"other":{"_0":"the network helper failed"}}}"#)
    }

    /// Splits the helper's whole output into the response it describes.
    public static func decodeResponse(_ output: Data) -> Result<HTTPResponse, TransportError> {
        guard let (head, body) = HelperWire.split(output, as: Head.self) else {
            return .failure(.other("the network helper gave no answer"))
        }
        if let error = head.error { return .failure(error) }
        guard let status = head.status else { return .failure(.other("the network helper gave no status")) }
        return .success(HTTPResponse(status: status, headers: head.headers ?? [:], body: body))
    }
}
