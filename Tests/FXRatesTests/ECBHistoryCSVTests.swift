import Foundation
import FXTestSupport
import Testing
import FXRates

@Suite("ECB history CSV")
struct ECBHistoryCSVTests {
    @Test func sampleFile() throws {
        let tables = try ECBHistoryCSV.parse(Fixture.text("eurofxref-hist.sample.csv"))
        #expect(tables.count == 15)
        #expect(tables.first?.date == day("1999-01-04"))
        #expect(tables.last?.date == day("2026-10-30"))
        #expect(zip(tables, tables.dropFirst()).allSatisfy { $0.date < $1.date })
        #expect(tables.allSatisfy { $0.base == .eur })
    }

    @Test func notAvailableIsSkippedAndTrailingCommaIgnored() throws {
        let tables = try ECBHistoryCSV.parse(Fixture.text("eurofxref-hist.sample.csv"))
        let newest = try #require(tables.last)
        // 41 currency columns, of which 12 are N/A on 2026-10-30 (legacy currencies, BGN, HRK, RUB).
        #expect(newest.rates.count == 29)
        #expect(newest.rates[code("BGN")] == nil)
        #expect(newest.rates[code("CYP")] == nil)
        #expect(newest.rates[code("RUB")] == nil)
        #expect(newest.rates[.usd] == dec("1.1172"))
        #expect(newest.rates[code("JPY")] == dec("175.68"))
        #expect(newest.rates[code("ISK")] == dec("136"))
        #expect(newest.rates[code("ZAR")] == dec("18.6455"))  // the last column, before the trailing comma
        let oldest = try #require(tables.first)
        #expect(oldest.rates.count == 27)
        #expect(oldest.rates[code("CYP")] == dec("0.58231"))
        #expect(oldest.rates[code("TRL")] == dec("372274"))
        #expect(oldest.rates[code("RON")] == nil)
    }

    @Test func newestRowsStopsEarly() throws {
        let tables = try ECBHistoryCSV.parse(Fixture.text("eurofxref-hist.sample.csv"), newestRows: 1)
        #expect(tables.count == 1)
        #expect(tables.first?.date == day("2026-10-30"))
        #expect(tables.first?.rates[.usd] == dec("1.1172"))

        let three = try ECBHistoryCSV.parse(Fixture.text("eurofxref-hist.sample.csv"), newestRows: 3)
        #expect(three.map(\.date) == ["2026-10-28", "2026-10-29", "2026-10-30"].map(day))
    }

    @Test func windowsLineEndings() throws {
        let text = "Date,USD,JPY,\r\n2026-10-30,1.1172,175.68,\r\n2026-10-29,1.113,N/A,\r\n"
        let tables = try ECBHistoryCSV.parse(text)
        #expect(
            tables == [
                RateTable(base: .eur, date: day("2026-10-29"), rates: [.usd: dec("1.113")]),
                RateTable(base: .eur, date: day("2026-10-30"), rates: [.usd: dec("1.1172"), code("JPY"): dec("175.68")]),
            ])
    }

    @Test(arguments: [
        ("", FetchFailure.emptyBody),
        ("Day,USD,\n2026-10-30,1.1,\n", .malformed("the first column is not Date")),
        ("Date,USD,\n", .noRates),
        ("Date,USD,1X2,\n2026-10-30,1.1,2,\n", .invalidCurrency("1X2")),
        ("Date,USD,\nyesterday,1.1,\n", .missingDate),
        ("Date,USD,\n2026-10-30,1.1,\n2026-10-30,1.2,\n", .duplicateDate(day("2026-10-30"))),
        ("Date,USD,\n2026-10-30,0,\n", .invalidRate(currency: "USD", value: "0")),
        ("Date,USD,\n2026-10-30,abc,\n", .invalidRate(currency: "USD", value: "abc")),
        ("Date,USD\n2026-10-30,1.1,1.2\n", .malformed("more fields than columns on 2026-10-30")),
    ])
    func refused(text: String, expected: FetchFailure) {
        #expect(throws: expected) { try ECBHistoryCSV.parse(text) }
    }
}

@Suite("Built-in ECB rates")
struct BuiltInRatesTests {
    @Test func latestIsFriday20261030() {
        let latest = BuiltInRates.ecb.latest
        #expect(latest.base == .eur)
        #expect(latest.date == day("2026-10-30"))
        #expect(latest.rates.count == 29)
        #expect(latest.rates[.usd] == dec("1.1172"))
        #expect(latest.rates[code("JPY")] == dec("175.68"))
        #expect(latest.rates[code("GBP")] == dec("0.8338"))
        #expect(latest.rates[code("KRW")] == dec("1491.76"))
    }

    @Test func historyCoversMoreThanSixtyWorkingDays() {
        let history = BuiltInRates.ecb.history
        #expect(history.count > 60)
        #expect(history.count == 65)
        #expect(history.first?.date == day("2026-08-03"))
        #expect(history.last == BuiltInRates.ecb.latest)
        #expect(zip(history, history.dropFirst()).allSatisfy { $0.date < $1.date })
        #expect(history.allSatisfy { TargetCalendar.isWorkingDay($0.date) })
        #expect(history.allSatisfy { $0.rates.count == 29 })
    }

    @Test func everyBuiltInCurrencyIsKnownToISO() {
        for code in BuiltInRates.ecb.latest.currencies {
            #expect(CurrencyCatalog.standard.contains(code), "\(code)")
        }
    }

    @Test func brokenSnapshotYieldsAnEmptyTableRatherThanCrashing() {
        let broken = BuiltInRates(csv: "not a csv")
        #expect(broken.latest.rates.isEmpty)
        #expect(broken.history.isEmpty)
    }
}
