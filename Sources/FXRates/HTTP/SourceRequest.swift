/// One GET as a source means it: where, the validators of the answer it holds (which make the
/// request conditional), and the limits the transport enforces.
public struct SourceRequest: Sendable, Equatable {
    public var url: URL
    public var validators: Validators?
    /// The whole exchange must finish within this many seconds.
    public var timeout: TimeInterval
    /// Bodies larger than this are abandoned as `TransportError.tooLarge`.
    public var maxBytes: Int
    /// The media type asked for, where a server serves several at one URL (Frankfurter v2's NDJSON).
    public var accept: String?

    public init(url: URL, validators: Validators? = nil, timeout: TimeInterval, maxBytes: Int, accept: String? = nil) {
        self.accept = accept
        self.url = url
        self.validators = validators
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    /// What the transport sends: `If-None-Match` and `If-Modified-Since` from the validators, and `Accept`.
    public var http: HTTPRequest {
        var headers = validators?.requestHeaders ?? [:]
        if let accept { headers["Accept"] = accept }
        return HTTPRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes)
    }
}

/// What a source expects a body to be; anything else is refused before a parser sees it.
public enum BodyKind: String, Sendable, Codable {
    case xml, json, zip
}

/// What a fetch brought: the server's word that what we hold is current (a 304 to a
/// conditional request), or a value with the validators to send next time.
public enum Fetched<Value: Sendable>: Sendable {
    case notModified
    case fetched(Value, Validators)

    /// The value read on, a 304 kept as it is.
    public func map<T>(_ read: (Value) throws(FetchFailure) -> T) throws(FetchFailure) -> Fetched<T> {
        switch self {
        case .notModified: .notModified
        case .fetched(let value, let validators): .fetched(try read(value), validators)
        }
    }
}

extension Fetched: Equatable where Value: Equatable {}

extension Fetched {
    /// The value of the answer to an unconditional request, which cannot be a 304: one is
    /// refused as the status it is.
    public func value() throws(FetchFailure) -> Value {
        guard case .fetched(let value, _) = self else { throw .httpStatus(304) }
        return value
    }
}
