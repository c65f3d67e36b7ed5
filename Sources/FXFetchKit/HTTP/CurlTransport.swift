import CFetch
#if canImport(Glibc)
import Glibc
#endif

/// fx-fetch's HTTP: one GET through libcurl's own API, with an overall deadline, a cap on the
/// body's decoded bytes counted as they arrive (a compressed body cannot inflate past it), no
/// cookies or cache, and redirects followed by hand, only where fx would fetch itself. Proxies
/// are libcurl's defaults (`https_proxy`, `no_proxy`, …).
public struct CurlTransport: Sendable {
    public let userAgent: String
    /// A descriptor whose reader is fx (the helper's stdout): once fx is gone, the transfer ends.
    public let watched: Int32?

    /// Redirects followed before giving up.
    public static let maxRedirects = 10

    public init(userAgent: String, watched: Int32? = nil) {
        self.userAgent = userAgent
        self.watched = watched
    }

    public func get(_ request: FetchRequest) -> Result<FetchResponse, TransportFailure> {
        guard FetchURL(request.url)?.isAllowedForFetching == true else { return .failure(.insecureURL) }
        Self.initialize
        let deadline = Monotonic.now + request.timeout
        var url = request.url
        for _ in 0...Self.maxRedirects {
            let remaining = deadline - Monotonic.now
            guard remaining > 0 else { return .failure(.timedOut(seconds: request.timeout)) }
            let hop = Transfer(url: url, request: request, userAgent: userAgent, watched: watched).run(seconds: remaining)
            guard case .success(let reply) = hop, [301, 302, 303, 307, 308].contains(reply.response.status),
                let location = reply.redirect
            else { return hop.map(\.response) }
            guard FetchURL.allowsRedirect(from: request.url, to: location) else { return .failure(.redirectRefused) }
            url = location
        }
        return .failure(.other("too many redirects"))
    }

    /// libcurl's global state, set up once (no thread is running yet when fx-fetch starts).
    private static let initialize: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()
}

/// A response with the absolute URL its `Location` names, if any.
struct Hop {
    var response: FetchResponse
    var redirect: String?
}

/// One request to one URL: the handle, its callbacks' state, and the wait for it.
private final class Transfer {
    let url: String
    let request: FetchRequest
    let userAgent: String
    let watched: Int32?
    var response = FetchResponse(status: 0)
    /// Headers of the response being received, until the blank line ends them.
    var pending: [(String, String)] = []
    var headersEnded = false
    var refusal: TransportFailure?
    var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    init(url: String, request: FetchRequest, userAgent: String, watched: Int32?) {
        self.url = url
        self.request = request
        self.userAgent = userAgent
        self.watched = watched
    }

    func run(seconds: Double) -> Result<Hop, TransportFailure> {
        guard let handle = curl_easy_init() else { return .failure(.other("cannot start libcurl")) }
        defer { curl_easy_cleanup(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // "Name;" sends a header with an empty value; "Name:" would remove it.
            headerList = curl_slist_append(headerList, value.isEmpty ? name + ";" : name + ": " + value)
        }
        let milliseconds = max(1, Int((seconds * 1000).rounded(.up)))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
            _ = url.withCString { fx_curl_set_pointer(handle, CURLOPT_URL, $0) }
            _ = "http,https".withCString { fx_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, $0) }
            _ = userAgent.withCString { fx_curl_set_pointer(handle, CURLOPT_USERAGENT, $0) }
            // Every encoding libcurl decodes; the cap counts the decoded bytes.
            _ = "".withCString { fx_curl_set_pointer(handle, CURLOPT_ACCEPT_ENCODING, $0) }
            _ = fx_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList)
            _ = fx_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
            _ = fx_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = fx_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            _ = fx_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
            _ = fx_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
            _ = fx_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, receiveBody)
            _ = fx_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
            _ = fx_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, receiveHeader)
            _ = fx_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
            return perform(handle)
        }
        return result(code, handle: handle)
    }

    /// Runs the transfer in a multi handle, and between its events checks fx's end of stdout: the
    /// helper of a killed fx gives up within a quarter of a second rather than at its deadline.
    /// (libcurl's own wait does not report an error on an extra descriptor, so fx's end is polled
    /// apart.) The wait sleeps in poll(2); it never spins.
    private func perform(_ handle: UnsafeMutableRawPointer) -> CURLcode {
        guard let multi = curl_multi_init() else { return CURLE_FAILED_INIT }
        defer { curl_multi_cleanup(multi) }
        guard curl_multi_add_handle(multi, handle) == CURLM_OK else { return CURLE_FAILED_INIT }
        defer { curl_multi_remove_handle(multi, handle) }
        var running: Int32 = 1
        while running > 0 {
            guard curl_multi_perform(multi, &running) == CURLM_OK else { return CURLE_FAILED_INIT }
            if running == 0 { break }
            var ready: Int32 = 0
            guard curl_multi_poll(multi, nil, 0, 250, &ready) == CURLM_OK else { return CURLE_FAILED_INIT }
            if let watched, Self.isClosed(watched) {
                refusal = .cancelled
                return CURLE_ABORTED_BY_CALLBACK
            }
        }
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
        }
        return CURLE_FAILED_INIT
    }

    private func result(_ code: CURLcode, handle: UnsafeMutableRawPointer) -> Result<Hop, TransportFailure> {
        if let refusal { return .failure(refusal) }
        if code == CURLE_OK {
            var status = 0
            _ = fx_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
            response.status = status
            var location: UnsafeMutablePointer<CChar>?
            _ = fx_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
            return .success(Hop(response: response, redirect: location.map { String(cString: $0) }))
        }
        if code == CURLE_OPERATION_TIMEDOUT { return .failure(.timedOut(seconds: request.timeout)) }
        let reason =
            errorText[0] != 0
            ? errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : String(cString: curl_easy_strerror(code))
        if headersEnded {
            // Headers came, then the connection ended early: say so, not "cannot connect".
            let announced = response.header("Content-Length").flatMap { Int($0.trimmingSpaces) }
            if let announced, announced > response.body.count {
                return .failure(.other("the response was cut off (\(response.body.count) of \(announced) bytes arrived)"))
            }
            return .failure(.other("the connection was lost before the whole response arrived"))
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .failure(.cannotConnect("host not found"))
        case CURLE_COULDNT_CONNECT: return .failure(.cannotConnect("connection refused"))
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR: return .failure(.cannotConnect("connection lost"))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .failure(.other("TLS failed: \(reason)"))
        default: return .failure(.other(reason))
        }
    }

    /// Whether the reader of `descriptor` (a pipe) is gone: poll reports an error on the writer.
    private static func isClosed(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }

    /// The body's decoded bytes; 0 (which aborts the transfer) past the cap.
    func body(_ data: UnsafeBufferPointer<UInt8>) -> Int {
        guard response.body.count + data.count <= request.maxBytes else {
            refusal = .tooLarge(limit: request.maxBytes)
            return 0
        }
        response.body.append(contentsOf: data)
        return data.count
    }

    /// One header line; a status line starts a new response (an interim 100, a redirect's).
    func header(_ data: UnsafeBufferPointer<UInt8>) -> Int {
        let line = String(decoding: data, as: UTF8.self).trimmingSpaces
        if line.hasPrefix("HTTP/") {
            pending = []
            headersEnded = false
        } else if line.isEmpty {
            response = FetchResponse(status: 0, headers: pending.map { (name: $0.0, value: $0.1) })
            headersEnded = true
            // A body announced past the cap is refused before any of it is read.
            if let announced = response.header("Content-Length").flatMap({ Int($0.trimmingSpaces) }), announced > request.maxBytes {
                refusal = .tooLarge(limit: request.maxBytes)
                return 0
            }
        } else if let colon = line.firstIndex(of: ":") {
            pending.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces))
        }
        return data.count
    }
}

private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return data.withMemoryRebound(to: UInt8.self, capacity: size * count) {
        transfer.body(UnsafeBufferPointer(start: $0, count: size * count))
    }
}

private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return data.withMemoryRebound(to: UInt8.self, capacity: size * count) {
        transfer.header(UnsafeBufferPointer(start: $0, count: size * count))
    }
}

/// Seconds on the monotonic clock, which no change of the wall clock moves.
enum Monotonic {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line ends (Foundation's trimming, by hand, on
    /// bytes: as a Character, CR LF is one cluster that equals neither "\r" nor "\n").
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
