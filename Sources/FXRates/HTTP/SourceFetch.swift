/// The fetch step every source shares: a request in, a body of the expected kind (with its
/// validators) or a typed failure out. The order of the checks decides which failure is told:
/// the URL's scheme, the transport (its errors wrapped), a 304 to a conditional request, a
/// `Retry-After` (kept before any body is read), the provider's own error body, the status,
/// an HTML page, the body's kind. Each request it sends is counted (`RequestCount`).
public enum SourceFetch {
    /// GETs `request` over `transport`. `errorBody` is the provider's reading of an error
    /// document, asked for every response past the throttle check and before the status check
    /// (some providers send one with status 200); nil lets the status speak.
    public static func get(
        _ request: SourceRequest, expecting kind: BodyKind, over transport: any HTTPTransport,
        errorBody: (HTTPResponse) -> FetchFailure? = { _ in nil }, about subject: String? = nil
    ) async throws(FetchFailure) -> Fetched<Data> {
        guard request.url.isAllowedForFetching else { throw .transport(.insecureURL) }
        RequestCount.sending()
        let response: HTTPResponse
        do {
            response = try await transport.get(request.http)
        } catch {
            throw .transport(error)
        }
        FetchProgress.watcher?.received(bytes: response.body.count)
        if response.status == 304, request.validators != nil { return .notModified }
        do throws(FetchFailure) {
            try validate(response, expecting: kind, errorBody: errorBody)
        } catch {
            throw subject.map(error.about) ?? error
        }
        return .fetched(response.body, Validators(response))
    }

    /// Refuses a response that holds no body of `kind`.
    static func validate(
        _ response: HTTPResponse, expecting kind: BodyKind,
        errorBody: (HTTPResponse) -> FetchFailure?
    ) throws(FetchFailure) {
        if let throttled = FetchFailure.throttled(response) { throw throttled }
        if let failure = errorBody(response) { throw failure }
        guard response.status == 200 else { throw .httpStatus(response.status) }
        // CDN error pages often come with status 200.
        if let type = response.header("Content-Type"), type.lowercased().contains("text/html") { throw .htmlBody }
        try BodyCheck.reject(response.body, unless: kind)
    }
}
