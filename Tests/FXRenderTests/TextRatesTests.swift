import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("TextRenderer: rates")
struct TextRatesTests {
    typealias F = RenderFixtures
    let plain = TextRenderer(style: Style(color: false), showProvenance: false)

    @Test
    func onePairShowsTheRateAndItsInverse() {
        let listing = RateListing(base: F.code("EUR"), quotes: [F.quote("EUR", "USD")], wholeTable: false)
        #expect(plain.render(.rates(listing), now: F.now) == "1 EUR = 1.1172 USD   (1 USD = 0.895095 EUR)")
    }

    @Test
    func theWholeTableLinesUpCodesDecimalPointsAndNames() throws {
        let listing = RateListing(
            base: F.code("EUR"),
            quotes: ["GBP", "JPY", "USD"].map { F.quote("EUR", $0) }, wholeTable: true)
        let text = try #require(plain.render(.rates(listing), now: F.now))
        #expect(
            text == """
                1 EUR =
                  GBP    0.8338  Pound Sterling
                  JPY  175.68    Yen
                  USD    1.1172  US Dollar
                """)
        let rows = text.split(separator: "\n").dropFirst().map(String.init)
        let points = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(of: ".")!) })
        #expect(points.count == 1)
    }

    @Test
    func theTablesProvenanceComesAfterTheRows() throws {
        let listing = RateListing(base: F.code("EUR"), quotes: [F.quote("EUR", "USD")], wholeTable: true)
        let text = try #require(TextRenderer(style: Style(color: false), showProvenance: true).render(.rates(listing), now: F.now))
        #expect(text.split(separator: "\n").last == "ECB · 2026-10-30 · fetched 3m 12s ago")
    }
}
