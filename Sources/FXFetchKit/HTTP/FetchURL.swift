import CFetch

/// A URL's scheme and host, as libcurl's own parser reads them (the one that will fetch it).
public struct FetchURL: Equatable, Sendable {
    public let scheme: String
    public let host: String

    /// Nil when libcurl cannot read `text` as an absolute URL with a host.
    public init?(_ text: String) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, text, 0) == CURLUE_OK,
            let scheme = Self.part(handle, CURLUPART_SCHEME), let host = Self.part(handle, CURLUPART_HOST)
        else { return nil }
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
    }

    private static func part(_ handle: OpaquePointer, _ part: CURLUPart) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }

    /// Hosts that never leave this machine, where plain HTTP is allowed (tests, local mirrors).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// HTTPS anywhere, HTTP only on loopback (fx's `URL.isAllowedForFetching`).
    public var isAllowedForFetching: Bool {
        switch scheme {
        case "https": true
        case "http": isLoopback
        default: false
        }
    }

    /// A redirect is followed only to a URL fx would fetch itself, and never from HTTPS down to
    /// HTTP, not even to loopback.
    public static func allowsRedirect(from original: String, to target: String) -> Bool {
        guard let target = FetchURL(target), target.isAllowedForFetching else { return false }
        return !(FetchURL(original)?.scheme == "https" && target.scheme != "https")
    }
}
