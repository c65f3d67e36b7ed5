/// Where a source's requests go: its base URL, ending in a slash so that documented paths are
/// appended under it (`https://mirror.example/ecb` and `…/ecb/` alike), and their deadline.
public struct SourceEndpoint: Sendable {
    public let baseURL: URL
    public let timeout: TimeInterval

    public init(baseURL: URL, timeout: TimeInterval) {
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
        self.timeout = timeout
    }

    /// `path` under the base URL, with `query` when there is one.
    public func request(
        _ path: String, query: [URLQueryItem] = [], validators: Validators? = nil,
        maxBytes: Int, accept: String? = nil
    ) throws(FetchFailure) -> SourceRequest {
        var request: SourceRequest
        if query.isEmpty {
            request = try make(baseURL.appendingPathComponent(path), validators, maxBytes)
        } else {
            var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
            components?.queryItems = query
            request = try make(components?.url, validators, maxBytes)
        }
        request.accept = accept
        return request
    }

    /// The same with a query encoded by the caller (URLComponents leaves `&`, `=` and `+` in a value as they are).
    public func request(_ path: String, percentEncodedQuery: String, maxBytes: Int) throws(FetchFailure) -> SourceRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = percentEncodedQuery
        return try make(components?.url, nil, maxBytes)
    }

    /// A URL that cannot be formed is refused like one that is not safe to fetch.
    private func make(_ url: URL?, _ validators: Validators?, _ maxBytes: Int) throws(FetchFailure) -> SourceRequest {
        guard let url else { throw .transport(.insecureURL) }
        return SourceRequest(url: url, validators: validators, timeout: timeout, maxBytes: maxBytes)
    }
}
