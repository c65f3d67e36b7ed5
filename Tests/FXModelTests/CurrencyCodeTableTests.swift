import FXModel
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

    @Test func codesAreThreeASCIILettersInAnyCase() {
        #expect(CurrencyCode("usd") == CurrencyCode(Substring("xusd").dropFirst()))
        #expect(CurrencyCode("US") == nil && CurrencyCode("ÜSD") == nil && CurrencyCode("US1") == nil)
    }
}
