import FXCommands
import FXTestSupport
import Foundation
import Testing

/// pl-nbp rounds each currency to the places NBP's table A gives it: 4 for a currency quoted per
/// unit, 6 for one quoted per 100 (JPY), 8 for one per 10,000 (IDR). Checked against NBP's own
/// answer, not a list written from memory (issue 32 §3e).
struct NBPQuotationTests {
    let rounding = RuleBook()["pl-nbp"]!.rounding!

    /// NBP's API gives one unit's mid, to the places of the figure it quotes: a currency per 100
    /// has two more. Tables 041–044/A/NBP/2026 (2026-03-02 to 2026-03-05), as NBP's API answered
    /// (`Fixtures/rules/README.md`): every currency of table A, its most places over four days.
    @Test func everyCurrencyOfTableAHasThePlacesNBPGivesIt() throws {
        struct Table: Decodable {
            struct Rate: Decodable { let code: String }
            let rates: [Rate]
        }
        let data = sharedFixture("rules/nbp-api-tables-a-2026-03-02.json")
        let tables = try JSONDecoder().decode([Table].self, from: data)
        #expect(tables.count == 4 && tables.allSatisfy { $0.rates.count == 32 })
        // The mids as written (a JSON number's digits, which a Double would not keep).
        let text = String(decoding: data, as: UTF8.self)
        var places: [String: Int] = [:]
        for match in text.matches(of: /"code":"([A-Z]{3})","mid":([0-9]+)\.([0-9]+)/) {
            places[String(match.1), default: 0] = max(places[String(match.1)] ?? 0, match.3.count)
        }
        #expect(places.count == 32)
        for (code, published) in places.sorted(by: { $0.key < $1.key }) {
            #expect(rounding.places(of: CurrencyCode(code)!) == published, "\(code): NBP gives \(published) places")
        }
        // Among them the peso and the SDR, quoted per unit.
        #expect(places["PHP"] == 4 && places["XDR"] == 4 && places["IDR"] == 8 && places["JPY"] == 6)
    }

    /// The tolar, quoted per 100 in NBP's table A until Slovenia took the euro (table
    /// 99/A/NBP/2003 of 2003-05-22 on nbp.pl lists "100 SIT" beside "100 JPY" and "100 HUF").
    @Test func theTolarWasQuotedPerHundred() {
        #expect(rounding.places(of: CurrencyCode("SIT")!) == 6)
    }
}
