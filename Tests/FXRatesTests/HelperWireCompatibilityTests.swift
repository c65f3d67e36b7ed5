import FXDocuments
import FXFetchKit
import FXRates
import FXTestSupport
import Foundation
import Testing

/// fx-fetch writes and reads its wire by hand (no Foundation); fx decodes it with Foundation's
/// coders (`FetchWire`, `ECBFetchWire`). Every shape the helper can send must decode to what it means.
@Suite("fx-fetch's wire, as fx reads it")
struct HelperWireCompatibilityTests {
    static let transportFailures: [(TransportFailure, TransportError)] = [
        (.timedOut(seconds: 0.5), .timedOut(seconds: 0.5)), (.timedOut(seconds: 15), .timedOut(seconds: 15)),
        (.tooLarge(limit: 1 << 20), .tooLarge(limit: 1 << 20)), (.insecureURL, .insecureURL), (.redirectRefused, .redirectRefused),
        (.cannotConnect("connection refused"), .cannotConnect("connection refused")), (.cancelled, .cancelled),
        (.other("quote \" backslash \\ tab \t escape \u{1B} é 🙂"), .other("quote \" backslash \\ tab \t escape \u{1B} é 🙂")),
    ]

    @Test func everyTransportFailureDecodes() {
        for (failure, expected) in Self.transportFailures {
            let output = Data(HelperAnswer.fetch(.failure(failure)))
            #expect(FetchWire.decodeResponse(output) == .failure(expected), "\(failure)")
        }
    }

    @Test func aResponseDecodesWithItsHeadersAndBody() {
        let body: [UInt8] = Array("{\"rates\":{}}\n\u{0}binary".utf8)
        let response = FetchResponse(
            status: 429, headers: [("Retry-After", "120"), ("ETag", "\"abc\""), ("Set-Cookie", "a"), ("set-cookie", "b")], body: body)
        let decoded = FetchWire.decodeResponse(Data(HelperAnswer.fetch(.success(response))))
        #expect(
            decoded
                == .success(
                    HTTPResponse(status: 429, headers: ["retry-after": "120", "etag": "\"abc\"", "set-cookie": "a, b"], body: Data(body))))
    }

    @Test func everyReadFailureDecodes() throws {
        let day = try #require(Day(iso: "2026-10-30"))
        let cases: [(ReadFailure, FetchFailure)] =
            Self.transportFailures.map { (.transport($0.0), .transport($0.1)) } + [
                (.httpStatus(500), .httpStatus(500)), (.emptyBody, .emptyBody), (.htmlBody, .htmlBody),
                (.malformed("truncated document (line 3)"), .malformed("truncated document (line 3)")),
                (.forbiddenDTD, .forbiddenDTD), (.missingDate, .missingDate), (.noRates, .noRates),
                (.invalidRate(currency: "USD", value: "-1"), .invalidRate(currency: "USD", value: "-1")),
                (.invalidCurrency("\u{9B}2J"), .invalidCurrency("\u{9B}2J")),
                (.duplicateCurrency("USD", day: "2026-10-30"), .duplicateCurrency("USD", day)),
                (.duplicateDate("2026-10-30"), .duplicateDate(day)),
                (.throttled(status: 429, retryAfter: .seconds(120)), .throttled(status: 429, retryAfter: .seconds(120))),
                (
                    .throttled(status: 503, retryAfter: .date(unixSeconds: 1_793_000_000)),
                    .throttled(status: 503, retryAfter: .date(Date(timeIntervalSince1970: 1_793_000_000)))
                ),
            ]
        for (failure, expected) in cases {
            let answer = Data(HelperAnswer.ecb(.failure(failure)))
            #expect(ECBFetchWire.decodeTables(answer).map { Self.failure($0) } == expected, "\(failure)")
            #expect(ECBFetchWire.decodeCSV(answer).map { Self.failure($0) } == expected, "\(failure)")
            // The in-process reading (the tests' path) maps each the same way.
            #expect(FetchFailure(failure) == expected, "\(failure)")
        }
    }

    @Test func aReadFileDecodesToTheSameTables() throws {
        let xml = try Fixture.data("eurofxref-hist-90d.xml")
        let answer = Data(
            HelperAnswer.ecb(.success(.read(csv: ECBTable.csv(try ECBXMLReader.read(Array(xml))), etag: "\"e1\"", lastModified: nil))))
        guard case .success(.fetched(let tables, let validators))? = ECBFetchWire.decodeTables(answer) else {
            Issue.record("no tables")
            return
        }
        #expect(tables == (try ECBFeedParser.parse(xml)))
        #expect(tables.count > 50)
        #expect(validators == Validators(etag: "\"e1\"", lastModified: nil))
        #expect(ECBFetchWire.decodeTables(Data(HelperAnswer.ecb(.success(.notModified)))).map { Self.fetched($0) } == true)
        let zipAnswer = Data(HelperAnswer.ecb(.success(.read(csv: Array("Date,USD\n".utf8), etag: nil, lastModified: nil))))
        #expect(try ECBFetchWire.decodeCSV(zipAnswer)?.get() == Data("Date,USD\n".utf8))
    }

    @Test func fxsRequestsAreRead() throws {
        let url = try #require(URL(string: "https://example.org/a?app_id=k%20y&b=%E2%82%AC"))
        let http = HTTPRequest(
            url: url, headers: ["If-None-Match": "\"x\"", "Accept": "application/x-ndjson"], timeout: 0.5, maxBytes: 4096)
        #expect(
            HelperRequest(Array(FetchWire.encode(http)))
                == .fetch(FetchRequest(url: url.absoluteString, headers: http.headers, timeout: 0.5, maxBytes: 4096)))
        let source = SourceRequest(
            url: url, validators: Validators(etag: "\"e\"", lastModified: "Fri, 30 Oct 2026 15:00:00 GMT"), timeout: 15, maxBytes: 1 << 20)
        #expect(
            HelperRequest(Array(ECBFetchWire.encode(source, reading: .xml)))
                == .ecb(
                    ECBRequest(
                        file: .xml, url: url.absoluteString, etag: "\"e\"", lastModified: "Fri, 30 Oct 2026 15:00:00 GMT", timeout: 15,
                        maxBytes: 1 << 20)))
        let unconditional = SourceRequest(url: url, timeout: 30, maxBytes: 8 << 20)
        #expect(
            HelperRequest(Array(ECBFetchWire.encode(unconditional, reading: .zip)))
                == .ecb(ECBRequest(file: .zip, url: url.absoluteString, timeout: 30, maxBytes: 8 << 20)))
    }

    @Test(arguments: [
        "", "{}", "[]", "null", "{\"url\":\"https://a\"}", "{\"url\":\"https://a\",\"headers\":{},\"timeout\":0,\"maxBytes\":1}",
        "{\"url\":\"https://a\",\"headers\":{},\"timeout\":1,\"maxBytes\":1.5}",
        "{\"read\":\"pdf\",\"url\":\"https://a\",\"timeout\":1,\"maxBytes\":1}",
        "{\"url\":\"https://a\",\"headers\":{},\"timeout\":1,\"maxBytes\":1} trailing",
        "{\"url\":\"\\ud800\",\"headers\":{},\"timeout\":1,\"maxBytes\":1}",
    ])
    func malformedRequestsAreRefused(text: String) {
        #expect(HelperRequest(Array(text.utf8)) == nil)
    }

    @Test func jsonStringsRoundTrip() {
        let text = "a\"b\\c\n\r\t\u{0}\u{1F}\u{7F} é € 🙂"
        #expect(JSON.parse(Array(JSON.string(text).text.utf8)) == .string(text))
        #expect(JSON.parse(Array(#""\u00e9\ud83d\ude42\/""#.utf8)) == .string("é🙂/"))
    }

    static func failure<T>(_ result: Result<T, FetchFailure>) -> FetchFailure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }

    static func fetched(_ result: Result<Fetched<[RateTable]>, FetchFailure>) -> Bool? {
        if case .success(.notModified) = result { return true }
        return nil
    }
}

/// The zip reader stops at its cap as it inflates, whatever the archive claims.
@Suite("ECB: bounded inflation")
struct ZipBombTests {
    @Test func anArchiveThatLiesAboutItsSizeStopsAtTheCap() {
        // 1 GiB of zeros in about 1 MB, claimed to be 1 KB.
        let bomb = Bombs.zip(mebibytes: 1024, claimed: 1000)
        #expect(bomb.count < 2 << 20)
        #expect(throws: FetchFailure.malformed("the zip archive is damaged (too large)")) {
            try ECBHistoryArchive.csv(from: bomb, maxBytes: 8 << 20)
        }
    }

    @Test func anArchiveThatAdmitsItsSizeIsRefusedUnread() {
        #expect(throws: FetchFailure.malformed("the CSV inflates past 8 MiB")) {
            try ECBHistoryArchive.csv(from: Bombs.zip(mebibytes: 16, claimed: 16 << 20), maxBytes: 8 << 20)
        }
    }
}
