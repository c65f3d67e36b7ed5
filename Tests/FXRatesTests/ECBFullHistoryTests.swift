import FXRates
import FXDocuments
import FXTestSupport
import Foundation
import Testing

/// The real full history (1999-01-04 to 2026-10-30): read by column, zipped, and kept on disk.
@Suite("ECB full history")
struct ECBFullHistoryTests {
    static let history = try! ECBHistoryCSV.history(ecbFullHistoryCSV)

    private func day(_ text: String) -> Day { Day(iso: text)! }
    private func code(_ text: String) -> CurrencyCode { CurrencyCode(text)! }

    @Test
    func n7126DaysAnd41CurrenciesOldestFirst() {
        let history = Self.history
        #expect(history.days.count == 7126)
        #expect(history.first == day("1999-01-04"))
        #expect(history.last == day("2026-10-30"))
        #expect(history.columns.count == 41)
        #expect(zip(history.days, history.days.dropFirst()).allSatisfy { $0 < $1 })
        #expect(history.rate(code("USD"), at: 0) == Decimal(exactly: "1.1789"))
        #expect(history.rate(code("JPY"), at: history.days.count - 1) == Decimal(exactly: "175.68"))
    }

    @Test(arguments: [
        ("CYP", "1999-01-04", "2007-12-31"), ("MTL", "1999-01-04", "2007-12-31"), ("SIT", "1999-01-04", "2006-12-29"),
        ("SKK", "1999-01-04", "2008-12-31"), ("EEK", "1999-01-04", "2010-12-31"), ("LVL", "1999-01-04", "2013-12-31"),
        ("LTL", "1999-01-04", "2014-12-31"), ("HRK", "2005-04-01", "2022-12-30"), ("BGN", "2000-07-19", "2025-12-31"),
        ("RUB", "2005-04-01", "2022-03-01"), ("ROL", "1999-01-04", "2005-06-30"), ("TRL", "1999-01-04", "2004-12-31"),
        ("RON", "2005-07-01", "2026-10-30"), ("TRY", "2005-01-03", "2026-10-30"), ("BRL", "2008-01-02", "2026-10-30"),
        ("INR", "2009-01-02", "2026-10-30"), ("ILS", "2011-01-03", "2026-10-30"), ("CNY", "2005-04-01", "2026-10-30"),
    ])
    func retiredAndLateCurrenciesSpanTheirRealDates(currency: String, first: String, last: String) {
        #expect(Self.history.span(of: code(currency)) == day(first)...day(last))
    }

    @Test
    func iskHasNoRatesFrom20081210To20180131() throws {
        let history = Self.history
        let before = try #require(history.index(onOrBefore: day("2008-12-09")))
        #expect(history.days[before] == day("2008-12-09"))
        #expect(history.rate(code("ISK"), at: before) != nil)
        let gap = history.days.indices.filter { history.days[$0] >= day("2008-12-10") && history.days[$0] <= day("2018-01-31") }
        #expect(gap.count > 2000)
        #expect(gap.allSatisfy { history.rate(code("ISK"), at: $0) == nil })
        let after = try #require(history.index(onOrBefore: day("2018-02-01")))
        #expect(history.rate(code("ISK"), at: after) != nil)
    }

    @Test
    func theColumnReaderAgreesWithTheTableReaderOnEveryValueOfTheSample() throws {
        let sample = fixture("eurofxref-hist.sample.csv")
        let tables = try ECBHistoryCSV.parse(String(decoding: sample, as: UTF8.self))
        #expect(try ECBHistoryCSV.history(sample) == RateHistory(base: .eur, tables: tables))
    }

    @Test(arguments: [
        ("Day,USD,\n2026-10-30,1.1,\n", FetchFailure.malformed("the first column is not Date")),
        ("Date,USD,\n2026-10-30,-1.1,\n", .invalidRate(currency: "USD", value: "-1.1")),
        ("Date,USD,\n2026-10-30,0,\n", .invalidRate(currency: "USD", value: "0")),
        ("Date,USD,\n2026-10-30,1e3,\n", .invalidRate(currency: "USD", value: "1e3")),
        ("Date,USD,\n2026-10-30,1.1,\n2026-10-30,1.2,\n", .duplicateDate(Day(iso: "2026-10-30")!)),
        ("Date,USD,\n30 October 2026,1.1,\n", .missingDate),
        ("Date,USD,\n2026-10-30,1.1,2.2,3.3\n", .malformed("more fields than columns on 2026-10-30")),
        ("Date,USD,\n", .noRates),
        ("Date,U\u{1B}D,\n", .invalidCurrency("U\u{1B}D")),
    ])
    func damagedCSVIsRefused(text: String, failure: FetchFailure) {
        #expect(throws: failure) { try ECBHistoryCSV.history(Data(text.utf8)) }
    }

    @Test
    func theZipIsUnpackedAndChecked() throws {
        let zipped = try ECBFiles.zip(csv: ecbFullHistoryCSV)
        #expect(zipped.count < ecbFullHistoryCSV.count / 2)
        #expect(try ECBHistoryCSV.history(ECBHistoryArchive.csv(from: zipped)) == Self.history)
        // A flipped byte in the compressed data fails the CRC or the inflater, never passes silently.
        var damaged = zipped
        damaged[damaged.count / 2] ^= 0xFF
        #expect(throws: FetchFailure.self) { try ECBHistoryArchive.csv(from: damaged) }
        #expect(throws: FetchFailure.self) { try ECBHistoryArchive.csv(from: zipped.prefix(zipped.count / 2)) }
        #expect(throws: FetchFailure.htmlBody) { try ECBHistoryArchive.csv(from: Data("<html><body>503</body></html>".utf8)) }
        #expect(throws: FetchFailure.emptyBody) { try ECBHistoryArchive.csv(from: Data()) }
        #expect(throws: FetchFailure.self) { try ECBHistoryArchive.csv(from: zipped, maxBytes: 1 << 20) }
    }

    @Test
    func theHistoryFileRoundTripsAndReadsOnlyTheColumnsAskedFor() throws {
        let entry = CachedHistory(
            source: .ecb, history: Self.history, complete: true,
            fetchedAt: Date(timeIntervalSince1970: 1_790_000_000))
        let data = HistoryFileFormat.encode(entry)
        #expect(try HistoryFileFormat.decode(data, currencies: nil) == entry)
        let two = try HistoryFileFormat.decode(data, currencies: [code("USD"), code("JPY")])
        #expect(Set(two.history.columns.keys) == [code("USD"), code("JPY")])
        #expect(two.history.days == Self.history.days)
        #expect(two.history.columns[code("USD")] == Self.history.columns[code("USD")])
    }

    @Test(arguments: [
        "", "not json\n", "{\"schema\":99}\n",
        "{\"schema\":1,\"source\":\"ecb\",\"base\":\"EUR\",\"complete\":true,\"fetchedAt\":\"2026-10-30T15:00:00Z\",\"checkedAt\":\"2026-10-30T15:00:00Z\"}\ndays,2026-10-29,2026-10-30\nUSD,1.1\n",
        "{\"schema\":1,\"source\":\"ecb\",\"base\":\"EUR\",\"complete\":true,\"fetchedAt\":\"2026-10-30T15:00:00Z\",\"checkedAt\":\"2026-10-30T15:00:00Z\"}\ndays,2026-10-30,2026-10-29\n",
        "{\"schema\":1,\"source\":\"ecb\",\"base\":\"EUR\",\"complete\":true,\"fetchedAt\":\"2026-10-30T15:00:00Z\",\"checkedAt\":\"2026-10-30T15:00:00Z\"}\ndays,2026-10-30\nUSD,x\n",
    ])
    func aDamagedHistoryFileIsRefusedNotHalfRead(text: String) {
        #expect(throws: HistoryFileFormat.DecodeError.self) { try HistoryFileFormat.decode(Data(text.utf8), currencies: nil) }
    }

    /// A newer fx may change any key's type: its schema alone is read, so its file is left alone.
    @Test
    func aNewerSchemaIsRecognisedWhateverItsOtherKeysHold() {
        let text = "{\"base\":[\"EUR\"],\"complete\":\"yes\",\"index\":7,\"schema\":2,\"source\":{}}\ndays\n"
        let error = #expect(throws: HistoryFileFormat.DecodeError.self) { try HistoryFileFormat.decode(Data(text.utf8), currencies: nil) }
        #expect(error?.newerSchema == 2)
        #expect(error?.reason == "schema 2 is newer than 1")
    }

    @Test
    func mergingLaysNewerDaysOverOlderOnesAndKeepsTheUnion() {
        let older = Self.history.restricted(to: day("2026-09-01")...day("2026-10-15"))
        let newer = Self.history.restricted(to: day("2026-10-01")...day("2026-10-30"))
        #expect(older.merging(newer) == Self.history.restricted(to: day("2026-09-01")...day("2026-10-30")))
        #expect(newer.merging(older).days == older.merging(newer).days)
        let empty = RateHistory(base: .eur, days: [], columns: [:])
        #expect(empty.merging(newer) == newer)
        #expect(newer.merging(empty) == newer)
    }
}
