import FXAnswers
import FXRates
import FXRender
import Foundation
import Testing

@Suite struct ExplanationTests {
    static func explain(_ from: String, _ to: String) throws -> String {
        let outcome = Outcome.conversion(RenderFixtures.conversion(100, from, to: [to]))
        return ExplanationRenderer.text(try #require(Explanation.of(outcome, bases: [.ecb: "EUR"])))
    }

    @Test
    func aCrossShowsBothRatesTheFormulaTheUnroundedResultAndTheRounding() throws {
        #expect(
            try Self.explain("USD", "JPY") == """
                explain: 100 USD in JPY
                  USD per EUR = 1.1172   ECB · published 2026-10-30 · fetched 2026-10-30T16:56:48Z
                  JPY per EUR = 175.68   ECB · published 2026-10-30 · fetched 2026-10-30T16:56:48Z
                  JPY per USD = JPY per EUR ÷ USD per EUR = 175.68 ÷ 1.1172
                  100 USD × JPY per USD = 15725.0268528464017185821697099892588614 JPY
                  = 15725.0268…  → 15725 (half away from zero, 0 decimals)
                """)
    }

    /// A blend's legs each show their own row: its day and the institutions that made it, or its peg.
    @Test
    func aBlendShowsEachRowsDayAndInstitutions() throws {
        var provenance = Provenance(
            source: SourceID("frankfurter"), sourceName: "Frankfurter", date: Day(iso: "2026-10-29")!,
            fetchedAt: Date(timeIntervalSince1970: 1_793_379_408), origin: .network)
        provenance.basis = "Frankfurter blend of 4 central banks"
        provenance.rows = [
            .usd: RowSource(day: Day(iso: "2026-10-30")!, institutions: ["ECB", "FRED", "BOC"]),
            CurrencyCode("JPY")!: RowSource(day: Day(iso: "2026-10-29")!, institutions: ["BOJ"]),
        ]
        let outcome = Outcome.conversion(RenderFixtures.conversion(100, "USD", to: ["JPY"], provenance: provenance))
        let text = ExplanationRenderer.text(try #require(Explanation.of(outcome, bases: [SourceID("frankfurter"): "EUR"])))
        #expect(
            text.contains("  USD per EUR = 1.1172   FRANKFURTER (blend of ECB, FRED, BOC) · published 2026-10-30 · fetched "), "\(text)")
        #expect(text.contains("  JPY per EUR = 175.68   FRANKFURTER (blend of BOJ) · published 2026-10-29 · fetched "), "\(text)")
    }

    /// Under a blended row, each institution with its own rate and day, in text and JSON.
    @Test
    func aBlendListsEachInstitutionsOwnRateAndDay() throws {
        var provenance = Provenance(
            source: SourceID("frankfurter"), sourceName: "Frankfurter", date: Day(iso: "2026-10-29")!,
            fetchedAt: Date(timeIntervalSince1970: 1_793_379_408), origin: .network)
        provenance.basis = "Frankfurter blend of 3 central banks"
        provenance.rows = [
            .usd: RowSource(day: Day(iso: "2026-10-30")!, institutions: ["ECB=1.1172@2026-10-30", "FRED=1.11695@2026-10-29", "BOC"])
        ]
        let outcome = Outcome.conversion(RenderFixtures.conversion(100, "USD", to: ["EUR"], provenance: provenance))
        let explanation = try #require(Explanation.of(outcome, bases: [SourceID("frankfurter"): "EUR"]))
        let text = ExplanationRenderer.text(explanation)
        #expect(text.contains("FRANKFURTER (blend of ECB, FRED, BOC) · published 2026-10-30"), "\(text)")
        #expect(text.contains("\n    ECB   1.1172   2026-10-30\n    FRED  1.11695  2026-10-29\n    BOC\n"), "\(text)")
        let object = try RenderFixtures.object(JSONRenderer.render(outcome, snapshot: nil, explain: ExplanationRenderer.json(explanation)))
        let steps = try #require((object["explain"] as? [String: Any])?["steps"] as? [[String: Any]])
        let institutions = try #require((steps.first?["rates"] as? [[String: Any]])?.first?["institutions"] as? [[String: Any]])
        #expect(institutions.map { $0["key"] as? String } == ["ECB", "FRED", "BOC"])
        #expect(institutions.map { $0["rate"] as? String } == ["1.1172", "1.11695", nil])
        #expect(institutions.first?["as_of"] as? String == "2026-10-30")
    }

    @Test
    func intoTheBaseIsOneOverThePublishedRate() throws {
        let text = try Self.explain("USD", "EUR")
        #expect(text.contains("  EUR per USD = 1 ÷ USD per EUR = 1 ÷ 1.1172\n"))
        #expect(text.hasSuffix("  = 89.509488…  → 89.51 (half away from zero, 2 decimals)"))
    }

    @Test
    func fromTheBaseIsThePublishedRateAndNothingIsCut() throws {
        let text = try Self.explain("EUR", "USD")
        #expect(text.contains("  USD per EUR = 1.1172 (read as published: EUR is the base)\n"))
        #expect(text.hasSuffix("  = 111.72  → 111.72 (half away from zero, 2 decimals)"))
    }

    @Test
    func jsonCarriesAnExplainObjectAfterTheAnswer() throws {
        let outcome = Outcome.conversion(RenderFixtures.conversion(100, "USD", to: ["GBP"]))
        let explanation = try #require(Explanation.of(outcome, bases: [.ecb: "EUR"]))
        let object = try RenderFixtures.object(
            JSONRenderer.render(outcome, snapshot: "q3-close", explain: ExplanationRenderer.json(explanation)))
        #expect(object["snapshot"] as? String == "q3-close")
        let steps = try #require((object["explain"] as? [String: Any])?["steps"] as? [[String: Any]])
        #expect(steps.first?["formula"] as? String == "GBP per USD = GBP per EUR ÷ USD per EUR = 0.8338 ÷ 1.1172")
        #expect(steps.first?["rounded"] as? String == "74.63")
        #expect(steps.first?["rounding"] as? String == "half away from zero, 2 decimals")
        #expect((steps.first?["rates"] as? [[String: Any]])?.count == 2)
    }

    @Test
    func answersThatConvertNothingHaveNoExplanation() {
        #expect(Explanation.of(.help("x"), bases: [:]) == nil)
    }
}
