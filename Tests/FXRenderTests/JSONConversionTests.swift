import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("JSONRenderer: answers")
struct JSONConversionTests {
    typealias F = RenderFixtures

    /// The one conversion of a document (`conversions` holds one object per target).
    func line(_ json: String?) throws -> [String: Any] {
        try #require((try F.object(json)["conversions"] as? [[String: Any]])?.first)
    }

    @Test
    func oneConversionIsAListOfOneObjectOfStrings() throws {
        let json = JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR"])))
        let document = try F.object(json)
        #expect(document["schema_version"] as? Int == 1)
        #expect(document["amount"] as? String == "100")
        #expect(document["from"] as? String == "USD")
        #expect((document["conversions"] as? [Any])?.count == 1)
        let object = try line(json)
        #expect(object["amount"] as? String == "100")
        #expect(object["from"] as? String == "USD")
        #expect(object["to"] as? String == "EUR")
        #expect(object["result"] as? String == "89.51")
        #expect(object["rate"] as? String == "0.895094880057")
        #expect(object["as_of"] as? String == "2026-10-30")
        #expect(object["source"] as? String == "ecb")
        #expect(object["origin"] as? String == "network")
        #expect(object["fetched_at"] as? String == "2026-10-30T16:56:48Z")
    }

    @Test
    func moneyKeepsItsMinorUnitAsAString() throws {
        let object = try line(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["JPY"]))))
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
        let object = try line(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR"], provenance: provenance))))
        #expect(object["origin"] as? String == "built-in")
        #expect(object["fetched_at"] == nil)
    }

    @Test
    func oneRatePairAndAWholeTable() throws {
        let pair = try F.object(
            JSONRenderer.render(.rates(RateListing(base: F.code("EUR"), quotes: [F.quote("EUR", "USD")], wholeTable: false))))
        #expect(pair["base"] as? String == "EUR")
        let rate = try #require((pair["rates"] as? [[String: Any]])?.first)
        #expect((pair["rates"] as? [Any])?.count == 1)
        #expect(rate["quote"] as? String == "USD")
        #expect(rate["rate"] as? String == "1.1172")
        let table = try F.object(
            JSONRenderer.render(
                .rates(
                    RateListing(
                        base: F.code("EUR"), quotes: [F.quote("EUR", "JPY"), F.quote("EUR", "USD")], wholeTable: true))))
        let rates = try #require(table["rates"] as? [[String: Any]])
        #expect(rates.map { $0["quote"] as? String } == ["JPY", "USD"])
        #expect(rates.map { $0["rate"] as? String } == ["175.68", "1.1172"])
        #expect(rates.map { $0["as_of"] as? String } == ["2026-10-30", "2026-10-30"])
    }

    @Test
    func keysKeepAFixedOrder() throws {
        let json = try #require(JSONRenderer.render(.conversion(F.conversion(100, "USD", to: ["EUR"]))))
        #expect(
            json.hasPrefix(
                #"{"schema_version":1,"amount":"100","from":"USD","conversions":[{"amount":"100","from":"USD","to":"EUR","result":"89.51","#
                    + #""rate":"0.895094880057","as_of":"2026-10-30","source":"ecb""#))
    }

    @Test
    func helpIsAnObjectQuitPrintsNothing() throws {
        #expect(try F.object(JSONRenderer.render(.help("Commands:\n  x")))["help"] as? String == "Commands:\n  x")
        #expect(JSONRenderer.render(.quit) == nil)
    }
}
