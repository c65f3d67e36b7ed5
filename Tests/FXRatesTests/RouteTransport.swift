import Foundation
import FXRates

/// A transport that answers each request by its URL, recording every request.
final class RouteTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let route: @Sendable (URL) -> HTTPResponse
    private var seen: [HTTPRequest] = []

    init(_ route: @escaping @Sendable (URL) -> HTTPResponse) { self.route = route }

    var requests: [HTTPRequest] { lock.withLock { seen } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { seen.append(request) }
        return route(request.url)
    }

    static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    static func json(_ body: String, status: Int = 200) -> HTTPResponse { json(Data(body.utf8), status: status) }
}
