import Foundation
import Testing
import FXRates
import FXDocuments
import FXTestSupport

@Suite("ECB source over a fake transport")
struct ECBSourceTests {
    static func source(_ answer: Result<HTTPResponse, TransportError>, base: String = "https://www.ecb.europa.eu/stats/eurofxref")
        -> (ECBSource, FakeTransport)
    {
        let transport = FakeTransport(answer)
        return (ECBSource(baseURL: URL(string: base)!, files: InProcessECBFetcher(transport: transport)), transport)
    }

    @Test func fetchesTheDailyFileWithValidators() async throws {
        let body = try Fixture.data("eurofxref-daily.xml")
        let (source, transport) = Self.source(
            .success(
                HTTPResponse(
                    status: 200,
                    headers: [
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

    @Test func recentFile() async throws {
        let (source, transport) = Self.source(.success(HTTPResponse(status: 200, body: try Fixture.data("eurofxref-hist-90d.xml"))))
        let tables = try await source.fetchRecent()
        #expect(tables.count == 63)
        #expect(transport.requests.first?.url.lastPathComponent == "eurofxref-hist-90d.xml")
    }

    /// From the start, the whole history: the zipped CSV, unpacked and read into columns.
    @Test func theZippedHistoryIsReadWhole() async throws {
        let csv = try Fixture.data("eurofxref-hist.sample.csv")
        let (source, transport) = Self.source(
            .success(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/zip"],
                    body: try ECBFiles.zip(csv: csv))))
        let history = try await source.fetchHistory(since: nil, today: day("2026-10-30"))
        #expect(history == (try ECBHistoryCSV.history(csv)))
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip")
        #expect(request.maxBytes == 16 << 20 && request.headers.isEmpty)
        // Rows after tomorrow cannot be real.
        await #expect(throws: FetchFailure.futureDate(day("2026-10-30"))) {
            try await source.fetchHistory(since: nil, today: day("2026-10-28"))
        }
    }

    /// The zip goes through the fetch step every file takes: a wait asked for, pages, empty
    /// bodies and anything that is no zip are refused before an archive is opened.
    @Test(arguments: [
        (HTTPResponse(status: 429, headers: ["Retry-After": "60"]), FetchFailure.throttled(status: 429, retryAfter: .seconds(60))),
        (HTTPResponse(status: 404), .httpStatus(404)),
        (HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("PK\u{3}\u{4}".utf8)), .htmlBody),
        (HTTPResponse(status: 200, body: Data("<html><body>503</body></html>".utf8)), .htmlBody),
        (HTTPResponse(status: 200, body: Data()), .emptyBody),
        (HTTPResponse(status: 200, body: Data("Date,USD\n".utf8)), .malformed("not XML")),
        (HTTPResponse(status: 200, body: Data("<x/>".utf8)), .malformed("not a zip archive")),
    ])
    func theZippedHistoryIsCheckedLikeAnyFile(response: HTTPResponse, expected: FetchFailure) async {
        let (source, _) = Self.source(.success(response))
        await #expect(throws: expected) { try await source.fetchHistory(since: nil, today: day("2026-10-30")) }
    }

    @Test(arguments: [
        ("2026-10-30", "2026-11-02T15:00:00Z"),  // Friday → Monday 16:00 CET
        ("2026-04-02", "2026-04-07T14:00:00Z"),  // Maundy Thursday → Tuesday after Easter, 16:00 CEST
        ("2025-12-24", "2025-12-29T15:00:00Z"),
        ("2026-07-01", "2026-07-02T14:00:00Z"),
    ])
    func nextPublication(after date: String, expected: String) {
        let (source, _) = Self.source(.success(HTTPResponse(status: 200)))
        #expect(source.nextPublication(after: day(date)) == utc(expected))
    }
}
