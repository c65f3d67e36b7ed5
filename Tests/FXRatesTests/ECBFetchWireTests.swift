import Foundation
import FXTestSupport
import Testing
import FXRates
import FXDocuments

/// fx's request to fetch and read an ECB file reaches the helper whole, and the helper's answer
/// carries tables, validators, a 304 and every failure to fx unchanged.
@Suite("ECB read wire")
struct ECBFetchWireTests {
    static let validators = Validators(etag: "\"abc\"", lastModified: "Tue, 03 Jan 2023 15:00:00 GMT")

    @Test(arguments: [ECBFetchWire.File.xml, .zip])
    func theRequestArrivesAsSent(file: ECBFetchWire.File) throws {
        let request = SourceRequest(
            url: URL(string: "http://127.0.0.1:8080/ecb/eurofxref-daily.xml")!, validators: Self.validators,
            timeout: 0.5, maxBytes: 64 << 10)
        let decoded = try #require(ECBFetchWire.decodeRequest(ECBFetchWire.encode(request, reading: file)))
        #expect(decoded.request == request && decoded.file == file)
        // A plain fetch is no request to read, and a request to read no plain fetch.
        #expect(ECBFetchWire.decodeRequest(FetchWire.encode(request.http)) == nil)
        #expect(FetchWire.decodeRequest(ECBFetchWire.encode(request, reading: file)) == nil)
    }

    @Test func theNinetyDayFileArrivesExactlyAsParsed() throws {
        let tables = try ECBFeedParser.parse(Fixture.data("eurofxref-hist-90d.xml"))
        let decoded = try #require(ECBFetchWire.decodeTables(ECBFetchWire.answer(.success(.fetched(tables, Self.validators)))))
        #expect(try decoded.get() == .fetched(tables, Self.validators))
    }

    @Test func ratesKeepEveryDigitAndGapsStayGaps() throws {
        let tables = [
            RateTable(
                base: .eur, date: day("2026-11-20"), rates: [.usd: dec("1.0000000000000000000000000000000001"), code("JPY"): dec("161.5")]),
            RateTable(base: .eur, date: day("2026-11-23"), rates: [.usd: dec("0.00012")]),
        ]
        let decoded = try #require(ECBFetchWire.decodeTables(ECBFetchWire.answer(.success(.fetched(tables, Validators())))))
        #expect(try decoded.get() == .fetched(tables, Validators()))
    }

    @Test func notModifiedArrivesAsSuch() throws {
        let decoded = try #require(ECBFetchWire.decodeTables(ECBFetchWire.answer(.success(.notModified))))
        #expect(try decoded.get() == .notModified)
    }

    static let failures: [FetchFailure] = [
        .emptyBody, .htmlBody, .forbiddenDTD, .missingDate, .noRates, .malformed("truncated document (line 9)"),
        .invalidRate(currency: "USD", value: "-1"), .invalidCurrency("U$D"), .duplicateCurrency("USD", Day(iso: "2026-11-23")!),
        .duplicateDate(Day(iso: "2026-11-23")!), .futureDate(Day(iso: "2031-01-01")!), .httpStatus(500), .httpStatus(304),
        .throttled(status: 429, retryAfter: .seconds(60)),
        .throttled(status: 503, retryAfter: .date(Date(timeIntervalSince1970: 784_111_777))),
        .waitingUntil(Date(timeIntervalSince1970: 1_795_000_000.5)), .quotaUsedUp(used: 900, quota: 1000),
        .missingKey("FX_OXR_APP_ID"), .providerError("Series FXCADAFN not found. (HTTP 404)"),
        .transport(.timedOut(seconds: 0.5)), .transport(.tooLarge(limit: 16 << 20)), .transport(.insecureURL),
        .transport(.redirectRefused), .transport(.cannotConnect("connection refused")), .transport(.cancelled),
        .transport(.other("the response was cut off (10 of 20 bytes arrived)")),
    ]

    @Test(arguments: failures)
    func failuresArriveAsRaised(failure: FetchFailure) throws {
        let tables = try #require(ECBFetchWire.decodeTables(ECBFetchWire.answer(.failure(failure))))
        #expect(throws: failure) { try tables.get() }
        let csv = try #require(ECBFetchWire.decodeCSV(ECBFetchWire.answer(csv: .failure(failure))))
        #expect(throws: failure) { try csv.get() }
    }

    @Test func aZippedHistorysCSVArrivesByteForByte() throws {
        let csv = Data("Date,USD,JPY,\n2026-11-23,1.1172,N/A,\n".utf8)
        let decoded = try #require(ECBFetchWire.decodeCSV(ECBFetchWire.answer(csv: .success(csv))))
        #expect(try decoded.get() == csv)
    }

    @Test func anythingElseIsNoAnswer() {
        for output in [Data(), Data("<html>oops</html>\n".utf8), Data("{}\nDate,USD\n2026-11-23,1.1\n".utf8)] {
            #expect(ECBFetchWire.decodeTables(output) == nil)
            #expect(ECBFetchWire.decodeCSV(output) == nil)
        }
    }
}
