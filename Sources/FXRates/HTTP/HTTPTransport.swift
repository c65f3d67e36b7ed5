/// A GET request as a source asks for it; limits travel with the request.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    /// The whole exchange must finish within this many seconds.
    public var timeout: TimeInterval
    /// Bodies larger than this are abandoned as `TransportError.tooLarge`.
    public var maxBytes: Int

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 15, maxBytes: Int = 1 << 20) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maxBytes = maxBytes
    }
}

/// What came back, with header names lower-cased.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why no response arrived. Codable: the helper sends it to fx as it is (`FetchWire`).
public enum TransportError: Error, Sendable, Equatable, Codable {
    case timedOut(seconds: TimeInterval)
    case tooLarge(limit: Int)
    /// Plain HTTP to a host that is not loopback.
    case insecureURL
    /// A redirect away from HTTPS, or to a host not allowed.
    case redirectRefused
    case cannotConnect(String)
    /// The request was cancelled (Ctrl-C at the prompt).
    case cancelled
    case other(String)
}

/// The one network seam: sources ask it for a URL and tests replace it.
public protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

extension URL {
    /// True for hosts that never leave this machine, where plain HTTP is allowed (tests, local mirrors).
    public var isLoopback: Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// HTTPS anywhere, HTTP only on loopback.
    public var isAllowedForFetching: Bool {
        switch scheme?.lowercased() {
        case "https": return true
        case "http": return isLoopback
        default: return false
        }
    }
}
