import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("JSONRenderer: answers")
struct JSONConversionTests {
    typealias F = RenderFixtures

    @Test
    func oneConversionIsOneFlatObjectOfStrings() throws {
        let json = JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR"])))
        let object = try F.object(json)
        #expect(object["amount"] as? String == "100")
        #expect(object["from"] as? String == "USD")
        #expect(object["to"] as? String == "EUR")
        #expect(object["result"] as? String == "89.51")
        #expect(object["rate"] as? String == "0.895094880057")
        #expect(object["date"] as? String == "2026-10-30")
        #expect(object["source"] as? String == "ecb")
        #expect(object["origin"] as? String == "network")
        #expect(object["fetched_at"] as? String == "2026-10-30T16:56:48Z")
        #expect(object["conversions"] == nil)
    }

    @Test
    func moneyKeepsItsMinorUnitAsAString() throws {
        let object = try F.object(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["JPY"]))))
        #expect(object["result"] as? String == "15725")
        #expect(object["rate"] as? String == "157.250268528")
    }

    @Test
    func severalTargetsGoInConversions() throws {
        let object = try F.object(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR", "JPY"]))))
        #expect(object["amount"] as? String == "100")
        #expect(object["from"] as? String == "USD")
        let conversions = try #require(object["conversions"] as? [[String: Any]])
        #expect(conversions.map { $0["to"] as? String } == ["EUR", "JPY"])
        #expect(conversions.map { $0["result"] as? String } == ["89.51", "15725"])
    }

    @Test
    func builtInRatesCarryNoFetchTime() throws {
        let provenance = F.provenance(origin: .builtIn, fetchedSecondsAgo: nil)
        let object = try F.object(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR"], provenance: provenance))))
        #expect(object["origin"] as? String == "built-in")
        #expect(object["fetched_at"] == nil)
    }

    @Test
    func oneRatePairAndAWholeTable() throws {
        let pair = try F.object(
            JSONRenderer.render(.rates(RateListing(base: F.code("EUR"), quotes: [F.quote("EUR", "USD")], wholeTable: false))))
        #expect(pair["base"] as? String == "EUR")
        #expect(pair["quote"] as? String == "USD")
        #expect(pair["rate"] as? String == "1.1172")
        let table = try F.object(
            JSONRenderer.render(
                .rates(
                    RateListing(
                        base: F.code("EUR"), quotes: [F.quote("EUR", "JPY"), F.quote("EUR", "USD")], wholeTable: true))))
        #expect(table["rates"] as? [String: String] == ["JPY": "175.68", "USD": "1.1172"])
        #expect(table["date"] as? String == "2026-10-30")
    }

    @Test
    func keysKeepAFixedOrder() throws {
        let json = try #require(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR"]))))
        #expect(
            json.hasPrefix(
                #"{"amount":"100","from":"USD","to":"EUR","result":"89.51","rate":"0.895094880057","date":"2026-10-30","source":"ecb""#))
    }

    @Test
    func helpIsAnObjectQuitPrintsNothing() throws {
        #expect(try F.object(JSONRenderer.render(.help("Commands:\n  x")))["help"] as? String == "Commands:\n  x")
        #expect(JSONRenderer.render(.quit) == nil)
    }
}
