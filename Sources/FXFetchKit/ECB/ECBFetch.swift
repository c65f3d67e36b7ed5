/// An ECB request carried out: the GET, the checks fx's `SourceFetch` makes of any answer (in its
/// order: the transport, a 304 to a conditional request, `Retry-After`, the status, an HTML page,
/// the body's kind), then the file read into the ECB's CSV layout.
public enum ECBFetch {
    public static func answer(_ request: ECBRequest, over transport: (FetchRequest) -> Result<FetchResponse, TransportFailure>)
        -> Result<ECBAnswer, ReadFailure>
    {
        guard FetchURL(request.url)?.isAllowedForFetching == true else { return .failure(.transport(.insecureURL)) }
        let response: FetchResponse
        switch transport(request.fetch) {
        case .success(let fetched): response = fetched
        case .failure(let failure): return .failure(.transport(failure))
        }
        let conditional = request.etag != nil || request.lastModified != nil
        // fx asks for the zipped history unconditionally: a 304 to it is refused as the status it is.
        if response.status == 304, conditional, request.file == .xml { return .success(.notModified) }
        return Result { () throws(ReadFailure) in
            try validate(response)
            let csv =
                switch request.file {
                case .xml: ECBTable.csv(try ECBXMLReader.read(response.body))
                case .zip: try ZipEntryReader.csv(from: response.body)
                }
            // The zipped history is fetched whole every time: fx keeps no validators for it.
            return request.file == .zip
                ? .read(csv: csv, etag: nil, lastModified: nil)
                : .read(csv: csv, etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
        }
    }

    static func validate(_ response: FetchResponse) throws(ReadFailure) {
        if response.status == 429 || response.status == 503, let wait = RetryAfterValue(response.header("Retry-After")) {
            throw .throttled(status: response.status, retryAfter: wait)
        }
        guard response.status == 200 else { throw .httpStatus(response.status) }
        // CDN error pages often come with status 200.
        if let type = response.header("Content-Type"), BodyShape.contains(Array(type.lowercased().utf8), "text/html") { throw .htmlBody }
    }
}
