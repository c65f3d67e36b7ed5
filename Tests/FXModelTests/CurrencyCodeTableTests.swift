@testable import FXModel
import FXTestSupport
import Testing

struct CurrencyCodeTableTests {
    @Test func theCatalogFindsEveryCodeAndKeepsTheFirstOfTwins() throws {
        for currency in CurrencyCatalog.standard.all {
            #expect(CurrencyCatalog.standard[currency.code] == currency)
        }
        #expect(CurrencyCatalog.standard[CurrencyCode("QQQ")!] == nil)
        let usd = CurrencyCode("USD")!, eur = CurrencyCode("EUR")!
        let catalog = CurrencyCatalog([
            Currency(code: usd, minorUnits: 2, name: "first"), Currency(code: eur, minorUnits: 2, name: "euro"),
            Currency(code: usd, minorUnits: 0, name: "second"),
        ])
        #expect(catalog.all.map(\.code) == [eur, usd])
        #expect(catalog[usd]?.name == "first")
        #expect(catalog.minorUnits(of: usd) == 2)
    }

    /// The standard catalog takes the generated table as it is: each code as `CurrencyCode`
    /// would make it, sorted, once each.
    @Test func theGeneratedTableIsWhatTheCheckedInitWouldMake() {
        let rows = CurrencyCatalog.iso4217
        for row in rows { #expect(CurrencyCode(row.code)?.rawValue == row.code, "\(row.code)") }
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.code < $1.code })
        let checked = CurrencyCatalog(
            rows.compactMap { row in CurrencyCode(row.code).map { Currency(code: $0, minorUnits: row.minorUnits, name: row.name) } })
        #expect(CurrencyCatalog.standard.all == checked.all)
    }

    @Test func codesAreThreeASCIILettersInAnyCase() {
        #expect(CurrencyCode("usd") == CurrencyCode(Substring("xusd").dropFirst()))
        #expect(CurrencyCode("US") == nil && CurrencyCode("ÜSD") == nil && CurrencyCode("US1") == nil)
    }
}
