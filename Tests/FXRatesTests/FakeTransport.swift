import Foundation
import FXRates

/// A transport that records requests and answers each with the same scripted result, except a
/// request whose URL ends in a key of `followUps` (NBP's figures asked currency by currency after
/// its table), answered with that response.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let answer: Result<HTTPResponse, TransportError>
    private let followUps: [String: HTTPResponse]
    private var seen: [HTTPRequest] = []

    init(_ answer: Result<HTTPResponse, TransportError>, followUps: [String: HTTPResponse] = [:]) {
        self.answer = answer
        self.followUps = followUps
    }

    var requests: [HTTPRequest] { lock.withLock { seen } }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { seen.append(request) }
        if let followUp = followUps.first(where: { request.url.absoluteString.hasSuffix($0.key) }) { return followUp.value }
        return try answer.get()
    }
}
