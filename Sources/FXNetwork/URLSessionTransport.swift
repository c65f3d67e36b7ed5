import FXRates
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production `HTTPTransport`: URLSession with an overall deadline, a body size cap
/// enforced while bytes arrive, no caching, and no redirect that leaves HTTPS.
public struct URLSessionTransport: HTTPTransport {
    private let userAgent: String

    public init(userAgent: String = "fx") {
        self.userAgent = userAgent
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.isAllowedForFetching else { throw .insecureURL }
        let configuration = URLSessionConfiguration.ephemeral
        // The deadline is the delegate's own timer. On Linux URLSession truncates its timeouts to
        // whole seconds, so 0.5 would time out at once: its own are set past ours, as a backstop.
        configuration.timeoutIntervalForRequest = request.timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = request.timeout.rounded(.up) + 1
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil

        var urlRequest = URLRequest(url: request.url)
        urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let delegate = TransferDelegate(maxBytes: request.maxBytes, timeout: request.timeout)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: urlRequest)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.start(task, continuation: continuation)
            }
        } onCancel: {
            delegate.cancel(task)
        }
        return try result.get()
    }
}

extension URLSessionTransport {
    /// A redirect is followed only to a URL fx would fetch itself (HTTPS, or HTTP on loopback),
    /// and never from HTTPS down to HTTP, not even to loopback.
    public static func allowsRedirect(from original: URL?, to target: URL?) -> Bool {
        guard let target, target.isAllowedForFetching else { return false }
        return !(original?.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https")
    }
}

/// Collects one transfer and enforces its limits; URLSession calls it on its own queue.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let maxBytes: Int
    private let timeout: TimeInterval
    private var body = Data()
    /// The Content-Length, once headers arrived (-1 when there is none), telling a cut-off body from a refused connection.
    private var announced: Int64?
    private var refusal: TransportError?
    /// A cancellation that came before `start`: honoured as soon as it starts.
    private var cancelledEarly = false
    private var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?

    init(maxBytes: Int, timeout: TimeInterval) {
        self.maxBytes = maxBytes
        self.timeout = timeout
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
        let cancelled = lock.withLock { () -> Bool in
            self.continuation = continuation
            return cancelledEarly
        }
        if cancelled { return finish(.failure(.cancelled)) }
        // URLSession's own timeouts reset on every byte; a trickling server must still be cut off.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self, weak task] in
            self?.refuse(.timedOut(seconds: self?.timeout ?? 0), task: task)
        }
        task.resume()
    }

    /// Gives up on the transfer because the caller's task was cancelled.
    func cancel(_ task: URLSessionTask) {
        let started = lock.withLock { () -> Bool in
            if continuation == nil { cancelledEarly = true }
            return continuation != nil
        }
        if started { refuse(.cancelled, task: task) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { announced = response.expectedContentLength }
        if response.expectedContentLength > Int64(maxBytes) {
            refuse(.tooLarge(limit: maxBytes), task: dataTask)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            body.append(data)
            return body.count > maxBytes
        }
        if over { refuse(.tooLarge(limit: maxBytes), task: dataTask) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard URLSessionTransport.allowsRedirect(from: task.originalRequest?.url, to: request.url) else {
            // No cancel here: on Linux, cancelling before answering the redirect callback traps
            // ("not waiting for it"). Declining it ends the task with the 3xx, refused on completion.
            lock.withLock { if refusal == nil { refusal = .redirectRefused } }
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let result: Result<HTTPResponse, TransportError>
        if let refusal = lock.withLock({ refusal }) {
            result = .failure(refusal)
        } else if let error {
            let announced: Int64? = lock.withLock { self.announced }
            let received = Int64(lock.withLock { body.count })
            let code = (error as? URLError)?.code
            if let announced, code != .timedOut, code != .cancelled {
                // Headers came, then the connection ended early: say so, not "cannot connect".
                result = .failure(
                    .other(
                        announced > received
                            ? "the response was cut off (\(received) of \(announced) bytes arrived)"
                            : "the connection was lost before the whole response arrived"))
            } else {
                result = .failure(Self.transportError(error, timeout: timeout))
            }
        } else if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            result = .success(HTTPResponse(status: http.statusCode, headers: headers, body: lock.withLock { body }))
        } else {
            result = .failure(.other("no HTTP response"))
        }
        finish(result)
    }

    private func refuse(_ error: TransportError, task: URLSessionTask?) {
        let first = lock.withLock { () -> Bool in
            guard refusal == nil, continuation != nil else { return false }
            refusal = error
            return true
        }
        if first { task?.cancel() }
        // If the task already vanished, answer now rather than wait for a completion that may not come.
        if task == nil { finish(.failure(error)) }
    }

    private func finish(_ result: Result<HTTPResponse, TransportError>) {
        let continuation = lock.withLock { () -> CheckedContinuation<Result<HTTPResponse, TransportError>, Never>? in
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: result)
    }

    private static func transportError(_ error: Error, timeout: TimeInterval) -> TransportError {
        guard let urlError = error as? URLError else { return .other(error.localizedDescription) }
        switch urlError.code {
        case .timedOut: return .timedOut(seconds: timeout)
        case .cannotFindHost, .dnsLookupFailed: return .cannotConnect("host not found")
        case .cannotConnectToHost: return .cannotConnect("connection refused")
        case .notConnectedToInternet: return .cannotConnect("not connected to the internet")
        case .networkConnectionLost: return .cannotConnect("connection lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .other("TLS failed: \(urlError.localizedDescription)")
        default: return .other(urlError.localizedDescription)
        }
    }
}
