import Foundation
import Testing
import FXRates
import FXDocuments

/// A transport that records requests and answers from a script.
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

@Suite("ECB source over a fake transport")
struct ECBSourceTests {
    static func source(_ answer: Result<HTTPResponse, TransportError>, base: String = "https://www.ecb.europa.eu/stats/eurofxref")
        -> (ECBSource, FakeTransport) {
        let transport = FakeTransport(answer)
        return (ECBSource(baseURL: URL(string: base)!, files: InProcessECBFetcher(transport: transport)), transport)
    }

    @Test func fetchesTheDailyFileWithValidators() async throws {
        let body = try Fixture.data("eurofxref-daily.xml")
        let (source, transport) = Self.source(.success(HTTPResponse(status: 200, headers: [
            "Content-Type": "text/xml", "ETag": "\"abc\"", "Last-Modified": "Tue, 03 Jan 2023 15:00:00 GMT",
        ], body: body)))
        let outcome = try await source.fetchLatest(validators: nil)
        guard case .fetched(let table, let validators) = outcome else {
            Issue.record("expected .fetched, got \(outcome)")
            return
        }
        #expect(table.date == day("2023-01-03"))
        #expect(table.rates[.usd] == dec("1.0545"))
        #expect(validators == Validators(etag: "\"abc\"", lastModified: "Tue, 03 Jan 2023 15:00:00 GMT"))
        let request = try #require(transport.requests.first)
        // A base without a trailing slash still gets the file appended under it.
        #expect(request.url.absoluteString == "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml")
        #expect(request.headers.isEmpty)
    }

    @Test func conditionalRequestAndNotModified() async throws {
        let (source, transport) = Self.source(.success(HTTPResponse(status: 304)))
        let validators = Validators(etag: "\"abc\"", lastModified: "Tue, 03 Jan 2023 15:00:00 GMT")
        #expect(try await source.fetchLatest(validators: validators) == .notModified)
        let headers = try #require(transport.requests.first).headers
        #expect(headers["If-None-Match"] == "\"abc\"")
        #expect(headers["If-Modified-Since"] == "Tue, 03 Jan 2023 15:00:00 GMT")
    }

    @Test(arguments: [
        (HTTPResponse(status: 500), FetchFailure.httpStatus(500)),
        (HTTPResponse(status: 304), .httpStatus(304)),   // 304 to an unconditional request
        (HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<p>hi</p>".utf8)), .htmlBody),
        (HTTPResponse(status: 200, body: Data()), .emptyBody),
    ])
    func refusedResponses(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source(.success(response))
        await #expect(throws: expected) { try await source.fetchLatest(validators: nil) }
    }

    @Test func transportErrorsAreWrapped() async {
        let (source, _) = Self.source(.failure(.timedOut(seconds: 15)))
        await #expect(throws: FetchFailure.transport(.timedOut(seconds: 15))) { try await source.fetchLatest(validators: nil) }
    }

    @Test func plainHTTPIsRefusedExceptOnLoopback() async throws {
        let (remote, remoteTransport) = Self.source(.success(HTTPResponse(status: 500)), base: "http://example.com/")
        await #expect(throws: FetchFailure.transport(.insecureURL)) { try await remote.fetchLatest(validators: nil) }
        #expect(remoteTransport.requests.isEmpty)

        let (local, localTransport) = Self.source(.success(HTTPResponse(status: 500)), base: "http://127.0.0.1:8080/ecb/")
        await #expect(throws: FetchFailure.httpStatus(500)) { try await local.fetchLatest(validators: nil) }
        #expect(localTransport.requests.first?.url.absoluteString == "http://127.0.0.1:8080/ecb/eurofxref-daily.xml")
    }

    @Test func recentFile() async throws {
        let (source, transport) = Self.source(.success(HTTPResponse(status: 200, body: try Fixture.data("eurofxref-hist-90d.xml"))))
        let tables = try await source.fetchRecent()
        #expect(tables.count == 63)
        #expect(transport.requests.first?.url.lastPathComponent == "eurofxref-hist-90d.xml")
    }

    @Test(arguments: [
        ("2026-10-30", "2026-11-02T15:00:00Z"),   // Friday → Monday 16:00 CET
        ("2026-04-02", "2026-04-07T14:00:00Z"),   // Maundy Thursday → Tuesday after Easter, 16:00 CEST
        ("2025-12-24", "2025-12-29T15:00:00Z"),
        ("2026-07-01", "2026-07-02T14:00:00Z"),
    ])
    func nextPublication(after date: String, expected: String) {
        let (source, _) = Self.source(.success(HTTPResponse(status: 200)))
        #expect(source.nextPublication(after: day(date)) == utc(expected))
    }
}
