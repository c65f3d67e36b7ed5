import Foundation
import FXTestSupport
import Testing
import FXRates
import FXDocuments

@Suite("ECB XML on real files")
struct ECBFeedParserFixtureTests {
    @Test func dailyFile() throws {
        let tables = try ECBFeedParser.parse(Fixture.data("eurofxref-daily.xml"))
        #expect(tables.count == 1)
        let table = try #require(tables.first)
        #expect(table.base == .eur)
        #expect(table.date == day("2023-01-03"))
        #expect(table.rates.count == 30)
        #expect(table.rates[.usd] == dec("1.0545"))
        #expect(table.rates[code("DKK")] == dec("7.4370"))
        #expect(table.rates[code("DKK")].map { DecimalFormat.plain($0, minimumFractionDigits: 4) } == "7.4370")
        #expect(table.rates[code("IDR")] == dec("16471.95"))
        #expect(table.rates[code("GBP")] == dec("0.88048"))
        #expect(table.rates[.eur] == nil)
        #expect(table.unitsPerBase(.eur) == 1)
        #expect(table.covers(.eur))
        #expect(table.currencies.count == 31)
    }

    @Test func dailyFileOf20210330() throws {
        let tables = try ECBFeedParser.parse(Fixture.data("eurofxref-daily.2021-03-30.xml"))
        let table = try #require(tables.first)
        #expect(tables.count == 1)
        #expect(table.date == day("2021-03-30"))
        #expect(table.rates.count == 32)
        #expect(table.rates[.usd] == dec("1.1741"))
        #expect(table.rates[code("HRK")] == dec("7.5698"))
        #expect(table.rates[code("RUB")] == dec("89.1591"))
        #expect(table.rates[code("HUF")] == dec("363.30"))
    }

    @Test func ninetyDayFile() throws {
        let tables = try ECBFeedParser.parse(Fixture.data("eurofxref-hist-90d.xml"))
        #expect(tables.count == 63)
        #expect(tables.first?.date == day("2020-12-31"))
        #expect(tables.last?.date == day("2021-03-30"))
        #expect(zip(tables, tables.dropFirst()).allSatisfy { $0.date < $1.date })
        // The newest day of the 90-day file is the daily file of that day.
        let daily = try ECBFeedParser.parse(Fixture.data("eurofxref-daily.2021-03-30.xml"))
        #expect(tables.last == daily.first)
        #expect(tables.allSatisfy { TargetCalendar.isWorkingDay($0.date) })
    }

    @Test func partialHistoryIsSortedAndKeepsLegacyCurrencies() throws {
        let tables = try ECBFeedParser.parse(Fixture.data("eurofxref-hist.partial.xml"))
        #expect(
            tables.map(\.date)
                == [
                    "1999-01-04", "1999-01-05", "1999-01-06", "1999-01-07", "1999-01-08",
                    "2021-01-04", "2021-01-05", "2021-01-06", "2021-01-07", "2021-01-08", "2021-06-25",
                ].map(day))
        let first = try #require(tables.first)
        #expect(first.rates[.usd] == dec("1.1789"))
        #expect(first.rates[code("CYP")] == dec("0.58231"))
        #expect(first.rates[code("TRL")] == dec("372274"))
        #expect(first.rates[code("ROL")] != nil)
        #expect(first.rates.count == 27)
        let june = try #require(tables.last)
        #expect(june.rates[.usd] == dec("1.195"))
        #expect(june.rates[code("CYP")] == nil)
        #expect(june.rates.count == 32)
    }

    @Test func emptyHistoryHasNoRates() throws {
        #expect(throws: FetchFailure.noRates) { try ECBFeedParser.parse(Fixture.data("eurofxref-hist.empty.xml")) }
    }
}

@Suite("ECB XML refused")
struct ECBFeedParserMalformedTests {
    static func document(_ cubes: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
              <gesmes:subject>Reference rates</gesmes:subject>
              <Cube>
            \(cubes)
              </Cube>
            </gesmes:Envelope>
            """.utf8)
    }

    static func parse(_ data: Data) -> FetchFailure? {
        do {
            _ = try ECBFeedParser.parse(data)
            return nil
        } catch {
            return error
        }
    }

    @Test func wellFormedMinimalDocumentParses() throws {
        let tables = try ECBFeedParser.parse(Self.document(#"<Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/></Cube>"#))
        #expect(tables == [RateTable(base: .eur, date: day("2026-10-30"), rates: [.usd: dec("1.1172")])])
    }

    @Test(arguments: [
        ("empty body", Data(), FetchFailure.emptyBody),
        ("whitespace only", Data(" \n\t\r\n  ".utf8), .emptyBody),
        ("byte-order mark only", Data([0xEF, 0xBB, 0xBF, 0x0A]), .emptyBody),
        ("HTML page", Data("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>oops</body></html>".utf8), .htmlBody),
        ("bare HTML", Data("  <html><body>Service Unavailable</body></html>".utf8), .htmlBody),
        (
            "rate zero", document(#"<Cube time="2026-10-30"><Cube currency="USD" rate="0"/></Cube>"#),
            .invalidRate(currency: "USD", value: "0")
        ),
        (
            "rate negative", document(#"<Cube time="2026-10-30"><Cube currency="USD" rate="-1"/></Cube>"#),
            .invalidRate(currency: "USD", value: "-1")
        ),
        (
            "rate not a number", document(#"<Cube time="2026-10-30"><Cube currency="JPY" rate="abc"/></Cube>"#),
            .invalidRate(currency: "JPY", value: "abc")
        ),
        (
            "rate with exponent", document(#"<Cube time="2026-10-30"><Cube currency="USD" rate="1e3"/></Cube>"#),
            .invalidRate(currency: "USD", value: "1e3")
        ),
        (
            "rate missing", document(#"<Cube time="2026-10-30"><Cube currency="USD"/></Cube>"#),
            .invalidRate(currency: "USD", value: "")
        ),
        (
            "duplicate currency",
            document(
                """
                <Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/><Cube currency="USD" rate="1.1173"/></Cube>
                """), .duplicateCurrency("USD", day("2026-10-30"))
        ),
        ("rate outside a dated cube", document(#"<Cube currency="USD" rate="1.1172"/>"#), .missingDate),
        (
            "rate after a dated cube closed",
            document(
                """
                <Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/></Cube><Cube currency="JPY" rate="175.68"/>
                """), .missingDate
        ),
        ("impossible date", document(#"<Cube time="2021-13-45"><Cube currency="USD" rate="1.1"/></Cube>"#), .missingDate),
        ("date not ISO", document(#"<Cube time="30/10/2026"><Cube currency="USD" rate="1.1"/></Cube>"#), .missingDate),
        (
            "duplicate date",
            document(
                """
                <Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/></Cube>
                <Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/></Cube>
                """), .duplicateDate(day("2026-10-30"))
        ),
        (
            "invalid currency", document(#"<Cube time="2026-10-30"><Cube currency="US1" rate="1.1"/></Cube>"#),
            .invalidCurrency("US1")
        ),
        (
            "external entity",
            Data(
                """
                <?xml version="1.0"?>
                <!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
                <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><Cube><Cube time="2026-10-30">
                <Cube currency="USD" rate="&xxe;"/></Cube></Cube></gesmes:Envelope>
                """.utf8), .forbiddenDTD
        ),
        (
            "entity expansion",
            Data(
                """
                <?xml version="1.0"?>
                <!DOCTYPE lolz [ <!ENTITY lol "lol"> <!ENTITY lol2 "&lol;&lol;&lol;&lol;"> ]>
                <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><x>&lol2;</x></gesmes:Envelope>
                """.utf8), .forbiddenDTD
        ),
    ])
    func refused(label: String, body: Data, expected: FetchFailure) {
        #expect(Self.parse(body) == expected, "\(label)")
    }

    @Test(arguments: ["eurofxref-daily.xml", "eurofxref-hist-90d.xml"])
    func truncatedXMLIsMalformed(fixture: String) throws {
        let whole = try Fixture.data(fixture)
        var cuts = [60, whole.count / 2, whole.count - 20, whole.count - 1]
        // Right after the first complete day: every table read so far is whole, yet the file is not.
        if let endOfDay = whole.range(of: Data("</Cube>".utf8)) { cuts.append(endOfDay.upperBound) }
        for length in cuts {
            let failure = Self.parse(whole.prefix(length))
            guard case .malformed = failure else {
                Issue.record("\(fixture) cut at \(length) of \(whole.count): \(String(describing: failure))")
                continue
            }
        }
        // The intact file still parses.
        #expect(Self.parse(whole) == nil)
    }

    @Test(arguments: [
        Data([0x00, 0xFF, 0x13, 0x37, 0xDE, 0xAD, 0xBE, 0xEF, 0x80, 0x81]),
        Data((0..<256).map { UInt8(($0 * 37 + 11) % 256) }),
        Data("this is not XML at all".utf8),
        Data("{\"rates\": {\"USD\": 1.1172}}".utf8),
        Data("<<<>>>".utf8),
    ])
    func garbageIsMalformed(body: Data) {
        let failure = Self.parse(body)
        guard case .malformed = failure else {
            Issue.record("expected .malformed, got \(String(describing: failure))")
            return
        }
    }

    @Test func wellFormedXMLThatIsNotECBIsMalformed() {
        let failure = Self.parse(
            Data(#"<?xml version="1.0"?><rates><Cube time="2026-10-30"><Cube currency="USD" rate="1.1"/></Cube></rates>"#.utf8))
        guard case .malformed = failure else {
            Issue.record("expected .malformed, got \(String(describing: failure))")
            return
        }
    }

    @Test func envelopeWithoutDatedCubesHasNoRates() {
        #expect(Self.parse(Self.document("")) == .noRates)
    }
}
