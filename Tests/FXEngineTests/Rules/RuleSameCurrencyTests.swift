import FXAnswers
import FXCommands
import FXEngine
import FXRates
import FXRender
import FXTestSupport
import Foundation
import Testing

/// A currency into itself under every shipped rule: rate 1, the amount exactly, and the rule with
/// the publication it takes recorded, as for any other pair (issue 32: a dictionary literal keyed
/// by both currencies trapped when they were one).
struct RuleSameCurrencyTests {
    typealias S = InstitutionSeries

    /// Each named rule with a currency its series holds, the one its statement is in, and its home currency.
    static let rules: [(rule: String, codes: [String])] = [
        ("ecb", ["EUR", "USD"]), ("uk-hmrc-monthly", ["GBP", "USD"]), ("uk-hmrc-yearly", ["GBP", "USD"]), ("pl-nbp", ["PLN", "USD"]),
        ("us-treasury", ["EUR", "USD"]), ("ca-boc", ["CAD", "USD"]), ("ca-boc-yearly", ["CAD", "USD"]),
    ]

    @Test func everyShippedNamedRuleIsListedHere() {
        #expect(Set(Self.rules.map(\.rule)) == Set(RuleBook.shipped.filter(\.isNamed).map(\.name)))
    }

    @Test(arguments: rules)
    func aConversionIsTheAmountAtRateOne(rule: String, codes: [String]) async throws {
        let day = Day(iso: "2024-05-06")!
        let publication = try #require(RuleStatementTests.expected(rule, day)?.publication)
        for code in codes {
            let executor = RuleStatementTests.executor(rule: rule)
            let outcome = try await executor.execute(try #require(try Parser().parse("77.77 \(code) \(code) on \(day)")))
            guard case .conversion(let conversion) = outcome else {
                Issue.record("\(rule) \(code): not a conversion: \(outcome)")
                continue
            }
            let line = conversion.lines[0]
            #expect(line.quote.rate == 1, "\(rule) \(code)")
            #expect(line.result == Decimal(string: "77.77")!, "\(rule) \(code)")
            let note = try #require(line.quote.provenance.rule, "\(rule) \(code)")
            #expect(note.rule == rule)
            #expect(note.transaction == day)
            #expect(note.publication == publication, "\(rule) \(code)")
            let json = try #require(JSONRenderer.render(outcome))
            for key in [
                "\"rule\":\"\(rule)\"", "\"publication_date\":\"\(publication)\"", "\"transaction_date\":\"\(day)\"", "\"rate\":\"1\"",
            ] {
                #expect(json.contains(key), "\(rule) \(code): \(key) in \(json)")
            }
        }
    }

    /// The dollar against itself is in every Treasury publication, an amendment of another currency
    /// included: its rate in force is the quarter's table, not EUR's amendment of 2024-05-15.
    @Test func theTreasurysBaseTakesTheQuartersTable() async throws {
        let executor = RuleStatementTests.executor(rule: "us-treasury")
        let outcome = try await executor.execute(try #require(try Parser().parse("77.77 usd usd on 2024-06-10")))
        guard case .conversion(let conversion) = outcome else {
            Issue.record("not a conversion: \(outcome)")
            return
        }
        #expect(conversion.lines[0].quote.provenance.rule?.publication == Day(iso: "2024-03-31")!)
        #expect(RuleStatementTests.expected("us-treasury", Day(iso: "2024-06-10")!)?.publication == Day(iso: "2024-05-15")!)
    }

    /// A statement in one currency under the rule: every row its amount, at rate 1, dated
    /// the publication the rule takes (the rows it cannot answer stay errors, as for USD).
    @Test(arguments: rules)
    func aStatementInOneCurrencyKeepsItsAmounts(rule: String, codes: [String]) async throws {
        let code = CurrencyCode(codes[0])!
        let (header, rows, problems) = try await RuleStatementTests.statement(rule: rule, from: code, to: code)
        #expect(header == ["date", "amount", "rate", "rate_date", "source", "rule", "amount_\(code.rawValue.lowercased())"])
        #expect(rows.count == RuleStatementTests.statementDays.count)
        var answered = 0
        for (index, day) in RuleStatementTests.statementDays.enumerated() where index < rows.count {
            let row = rows[index]
            guard let (publication, _) = RuleStatementTests.expected(rule, day) else {
                #expect(problems[index + 2] != nil, "\(rule) \(day): answered \(row)")
                continue
            }
            #expect(problems[index + 2] == nil, "\(rule) \(day): \(problems[index + 2] ?? "")")
            #expect(row[2] == "1", "\(rule) \(day): \(row)")
            #expect(row[3] == publication.description, "\(rule) \(day)")
            #expect(row[5] == rule)
            #expect(Decimal(string: row[6]) == Decimal(string: row[1]), "\(rule) \(day): \(row)")
            answered += 1
        }
        #expect(answered > 200, "\(rule)")
    }
}
