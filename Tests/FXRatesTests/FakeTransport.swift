import Foundation
import FXRates

/// A transport that records requests and answers each with the same scripted result.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let answer: Result<HTTPResponse, TransportError>
    private var seen: [HTTPRequest] = []

    init(_ answer: Result<HTTPResponse, TransportError>) { self.answer = answer }

    var requests: [HTTPRequest] { lock.withLock { seen } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { seen.append(request) }
        return try answer.get()
    }
}
