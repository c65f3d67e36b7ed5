import FXRates
import FXAnswers
import FXRender
import Foundation
import FXTestSupport
import Testing

/// `rate` with the change against the source's previous publication, and answers crossed
/// through two sources.
@Suite("Rates: change and crosses")
struct RateChangeTests {
    static func quote(previous: String?) -> Quote {
        var quote = RenderFixtures.quote("USD", "JPY")
        // Thursday 2026-10-29's real ECB rates: USD 1.1163, JPY 175.16.
        if let previous { quote.previous = (Day(iso: "2026-10-29")!, Decimal(exactly: previous)!) }
        return quote
    }

    @Test
    func theChangeIsShownToTheRatesDecimalsGreenUpAndRedDownPlainWithoutColour() {
        let up = Self.quote(previous: "156.91")  // 157.2502685… now
        let listing = RateListing(base: RenderFixtures.code("USD"), quotes: [up], wholeTable: false)
        let plain = TextRenderer(style: Style(color: false), showProvenance: false).render(.rates(listing), now: RenderFixtures.now)
        #expect(plain == "1 USD = 157.25 JPY  +0.34 (+0.22%)   (1 JPY = 0.00635929 USD)")
        let colored = TextRenderer(style: Style(color: true), showProvenance: false).render(.rates(listing), now: RenderFixtures.now)
        #expect(colored?.contains("\u{1B}[32m  +0.34 (+0.22%)") == true)

        let down = RateListing(base: RenderFixtures.code("USD"), quotes: [Self.quote(previous: "158")], wholeTable: false)
        let red = TextRenderer(style: Style(color: true), showProvenance: false).render(.rates(down), now: RenderFixtures.now)
        #expect(red?.contains("\u{1B}[31m  -0.75 (-0.47%)") == true)

        let same = RateListing(base: RenderFixtures.code("USD"), quotes: [Self.quote(previous: "157.2502")], wholeTable: false)
        #expect(
            TextRenderer(style: Style(color: false), showProvenance: false).render(.rates(same), now: RenderFixtures.now)
                == "1 USD = 157.25 JPY  unchanged since 2026-10-29   (1 JPY = 0.00635929 USD)")
    }

    @Test
    func jsonCarriesTheChangeExactlyWithThePreviousDate() throws {
        let listing = RateListing(base: RenderFixtures.code("USD"), quotes: [Self.quote(previous: "156.91")], wholeTable: false)
        let object = try #require(jsonAnswer(JSONRenderer.render(.rates(listing)) ?? ""))
        #expect(object["previous_date"] as? String == "2026-10-29")
        #expect(object["change"] as? String == "0.340268528464")
        #expect(object["change_percent"] as? String == "0.216856")
    }

    @Test
    func aQuoteCrossedThroughTwoSourcesNamesBothAndTheCurrencyBetween() throws {
        var quote = RenderFixtures.quote("USD", "JPY")
        quote.secondLeg = Provenance(
            source: SourceID("dunamu"), sourceName: "Dunamu", date: RenderFixtures.day,
            fetchedAt: RenderFixtures.now - 60, origin: .network)
        quote.via = CurrencyCode("KRW")
        let listing = RateListing(base: RenderFixtures.code("USD"), quotes: [quote], wholeTable: false)
        let text = try #require(
            TextRenderer(style: Style(color: false), showProvenance: true).render(.rates(listing), now: RenderFixtures.now))
        #expect(text.contains("ECB · 2026-10-30 · fetched 3m 12s ago"))
        #expect(text.contains("DUNAMU · 2026-10-30 · fetched 1m ago"))
        #expect(text.contains("USD → JPY crossed via KRW: European Central Bank for USD, Dunamu for JPY"))
        let object = try #require(jsonAnswer(JSONRenderer.render(.rates(listing)) ?? ""))
        #expect(object["via"] as? String == "KRW" && object["second_source"] as? String == "dunamu")
    }
}
