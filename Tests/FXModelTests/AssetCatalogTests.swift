import FXModel
import Testing

@Suite struct AssetCatalogTests {
    /// A code never means an asset in one place and a currency in another: no asset is an ISO code.
    @Test func noAssetCodeIsACurrencyCode() {
        let assets = AssetCatalog.standard.codes
        #expect(!assets.isEmpty)
        for code in assets { #expect(!CurrencyCatalog.standard.contains(code), "\(code) is ISO 4217") }
        #expect(Set(assets).count == assets.count)
    }

    @Test func assetsRoundToTheirOwnPlacesAndShowTypedAmountsAsTyped() throws {
        let btc = try #require(CurrencyCode("btc")), eth = try #require(CurrencyCode("ETH")), usd = try #require(CurrencyCode("USD"))
        #expect(AssetCatalog.standard[btc]?.name == "Bitcoin")
        #expect(CurrencyCatalog.standard.minorUnits(of: btc) == 8)
        // Not Ether's 18 on-chain decimals.
        #expect(CurrencyCatalog.standard.minorUnits(of: eth) == 8)
        #expect(CurrencyCatalog.standard.typedDigits(of: btc) == 0)
        #expect(CurrencyCatalog.standard.typedDigits(of: usd) == 2)
        // A code neither knows keeps the old rule.
        #expect(CurrencyCatalog.standard.minorUnits(of: try #require(CurrencyCode("QQQ"))) == 2)
    }

    @Test func satsAreAHundredMillionthOfABitcoin() {
        let sats = AssetCatalog.standard.units.first { $0.word == "sats" }
        #expect(sats?.asset.rawValue == "BTC")
        #expect(sats?.perAsset == 100_000_000)
    }
}
