import Foundation
import Testing
import FXRates
import FXDocuments

/// The helper's answer to `--read-ecb-xml` carries tables and failures to fx unchanged.
@Suite("ECB read wire")
struct ECBReadWireTests {
    @Test func theNinetyDayFileArrivesExactlyAsParsed() throws {
        let tables = try ECBFeedParser.parse(Fixture.data("eurofxref-hist-90d.xml"))
        let decoded = try #require(ECBReadWire.decode(ECBReadWire.answer(.success(tables))))
        #expect(try decoded.get() == tables)
    }

    @Test func ratesKeepEveryDigitAndGapsStayGaps() throws {
        let tables = [
            RateTable(base: .eur, date: day("2026-11-20"), rates: [.usd: dec("1.0000000000000000000000000000000001"), code("JPY"): dec("161.5")]),
            RateTable(base: .eur, date: day("2026-11-23"), rates: [.usd: dec("0.00012")]),
        ]
        let decoded = try #require(ECBReadWire.decode(ECBReadWire.answer(.success(tables))))
        #expect(try decoded.get() == tables)
    }

    @Test(arguments: [
        FetchFailure.emptyBody, .htmlBody, .forbiddenDTD, .missingDate, .noRates, .malformed("truncated document (line 9)"),
        .invalidRate(currency: "USD", value: "-1"), .invalidCurrency("U$D"), .duplicateCurrency("USD", Day(iso: "2026-11-23")!),
        .duplicateDate(Day(iso: "2026-11-23")!), .futureDate(Day(iso: "2031-01-01")!),
    ])
    func failuresArriveAsRaised(failure: FetchFailure) throws {
        let decoded = try #require(ECBReadWire.decode(ECBReadWire.answer(.failure(failure))))
        #expect(throws: failure) { try decoded.get() }
    }

    @Test func aZippedHistorysCSVArrivesByteForByte() throws {
        let csv = Data("Date,USD,JPY,\n2026-11-23,1.1172,N/A,\n".utf8)
        let decoded = try #require(ECBReadWire.decodeCSV(ECBReadWire.answer(csv: .success(csv))))
        #expect(try decoded.get() == csv)
        let refused = try #require(ECBReadWire.decodeCSV(ECBReadWire.answer(csv: .failure(.malformed("the zip archive is damaged (checksum mismatch)")))))
        #expect(throws: FetchFailure.malformed("the zip archive is damaged (checksum mismatch)")) { try refused.get() }
    }

    @Test func anythingElseIsNoAnswer() {
        #expect(ECBReadWire.decode(Data()) == nil)
        #expect(ECBReadWire.decode(Data("<html>oops</html>\n".utf8)) == nil)
    }
}
