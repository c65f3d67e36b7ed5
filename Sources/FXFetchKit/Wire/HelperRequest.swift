/// One request on fx-fetch's stdin, as fx writes it (`FetchWire.Request`, `ECBFetchWire.Request`
/// in FXRates): a plain GET, or "fetch this ECB file and read it".
public enum HelperRequest: Equatable, Sendable {
    case fetch(FetchRequest)
    case ecb(ECBRequest)

    /// The request `bytes` hold; nil for anything else (then fx-fetch prints its usage).
    public init?(_ bytes: [UInt8]) {
        guard let json = JSON.parse(bytes), case .object = json else { return nil }
        if json["read"] != nil {
            guard let request = ECBRequest(json) else { return nil }
            self = .ecb(request)
        } else {
            guard let request = FetchRequest(json) else { return nil }
            self = .fetch(request)
        }
    }
}

/// A GET with its limits: the whole exchange within `timeout` seconds, a body of at most `maxBytes`.
public struct FetchRequest: Equatable, Sendable {
    public var url: String
    /// Names as fx wrote them (`If-None-Match`, `Accept`).
    public var headers: [String: String]
    public var timeout: Double
    public var maxBytes: Int

    public init(url: String, headers: [String: String] = [:], timeout: Double, maxBytes: Int) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    init?(_ json: JSON) {
        guard let url = json["url"]?.string, !url.isEmpty, case .object(let members)? = json["headers"],
            let limits = Limits(json)
        else { return nil }
        var headers: [String: String] = [:]
        for (name, value) in members {
            guard let value = value.string else { return nil }
            headers[name] = value
        }
        self.init(url: url, headers: headers, timeout: limits.timeout, maxBytes: limits.maxBytes)
    }
}

/// Fetch one of the ECB's files and read it: the XML's tables, or the CSV inside the zipped history.
public struct ECBRequest: Equatable, Sendable {
    public enum File: String, Sendable { case xml, zip }

    public var file: File
    public var url: String
    /// The validators of the copy fx holds, which make the request conditional.
    public var etag: String?
    public var lastModified: String?
    public var timeout: Double
    public var maxBytes: Int

    public init(file: File, url: String, etag: String? = nil, lastModified: String? = nil, timeout: Double, maxBytes: Int) {
        self.file = file
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    init?(_ json: JSON) {
        guard let read = json["read"]?.string, let file = File(rawValue: read), let url = json["url"]?.string, !url.isEmpty,
            let limits = Limits(json)
        else { return nil }
        var etag: String?, lastModified: String?
        if let validators = json["validators"], validators != .null {
            guard case .object = validators else { return nil }
            etag = validators["etag"]?.string
            lastModified = validators["lastModified"]?.string
        }
        self.init(file: file, url: url, etag: etag, lastModified: lastModified, timeout: limits.timeout, maxBytes: limits.maxBytes)
    }

    /// The GET it makes: conditional when validators are given.
    public var fetch: FetchRequest {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return FetchRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes)
    }
}

/// `timeout` and `maxBytes`, both positive (and the size a whole number), as fx's decoder requires.
private struct Limits {
    let timeout: Double
    let maxBytes: Int

    init?(_ json: JSON) {
        guard let timeout = json["timeout"]?.number, timeout > 0, let size = json["maxBytes"]?.number, size > 0,
            size == size.rounded(), size < 1e15
        else { return nil }
        self.timeout = timeout
        maxBytes = Int(size)
    }
}
