import FXAnswers
import FXCommands
import FXEngine
import FXRates
import FXRender
import FXTestSupport
import Foundation
import Testing

/// `--explain` under a rule (issue 32 §3): a CSV row states the rule's steps as a one-line answer
/// does, and a pair of two foreign currencies is said as the ratio of two published figures.
struct RuleExplainTests {
    typealias S = InstitutionSeries

    /// The one-line answer's outcome under `rule`.
    static func outcome(_ rule: String, _ line: String) async throws -> Outcome {
        try await RuleStatementTests.executor(rule: rule).execute(try #require(try Parser().parse(line)))
    }

    static func explained(_ outcome: Outcome, bases: [SourceID: String] = [SourceID("nbp"): "PLN"]) throws -> String {
        ExplanationRenderer.text(try #require(Explanation.of(outcome, bases: bases)))
    }

    @Test func aCSVRowStatesTheRulesSteps() async throws {
        let days = ["2024-03-01", "2024-05-06", "2024-04-02"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("statement.csv").path
        try ("date,amount\n" + days.map { "\($0),100\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        let executor = RuleStatementTests.executor(rule: "pl-nbp")
        let request = CSVRequest(path: path, amount: .name("amount"), from: S.usd, date: .name("date"), to: S.pln)
        guard case .statement(let statement) = try await executor.execute(.csv(request)) else {
            Issue.record("not a statement")
            return
        }
        final class Collected: @unchecked Sendable { var rows: [ExplainedRow] = [] }
        let collected = Collected()
        let sink = StatementSink(
            rows: { _ throws(CSVFileProblem) in }, problem: { line, problem in Issue.record("line \(line): \(problem)") },
            explain: { collected.rows.append($0) })
        _ = try await statement.run(into: sink)
        #expect(collected.rows.count == days.count)
        for (row, day) in zip(collected.rows, days) {
            let text = ExplanationRenderer.text(
                Explanation.conversion(row.amount, by: row.quote, base: row.pivot, fractionDigits: row.digits, place: "s.csv:\(row.line)"))
            let oneLine = try Self.explained(try await Self.outcome("pl-nbp", "100 usd pln on \(day)"))
            let steps = oneLine.split(separator: "\n").filter { line in
                ["  rule ", "  the business day", "  transaction ", "  rounded "].contains { line.hasPrefix($0) }
            }
            #expect(steps.count == 4, "\(oneLine)")
            for step in steps { #expect(text.contains(step), "\(day): \(step) not in\n\(text)") }
            #expect(row.quote.provenance.rule?.transaction == Day(iso: day)!)
        }
    }

    /// NBP publishes PLN per USD and PLN per EUR, never EUR per USD: the rate is their ratio.
    @Test(arguments: [[SourceID("nbp"): "PLN"], [:]])
    func aCrossUnderNBPIsTheRatioOfTwoPublishedFigures(bases: [SourceID: String]) async throws {
        let outcome = try await Self.outcome("pl-nbp", "100 usd eur on 2024-03-01")
        let table = Day(iso: "2024-02-29")!
        let usd = DecimalFormat.plain(S.nbpMid(S.usd, table)), eur = DecimalFormat.plain(S.nbpMid(S.eur, table))
        let text = try Self.explained(outcome, bases: bases)
        #expect(text.contains("  PLN per USD = \(usd)   "), "\(text)")
        #expect(text.contains("  PLN per EUR = \(eur)   "), "\(text)")
        #expect(text.contains("  EUR per USD = PLN per USD ÷ PLN per EUR = \(usd) ÷ \(eur)"), "\(text)")
        #expect(text.contains("  EUR per USD = PLN per USD ÷ PLN per EUR: the ratio of two figures in NBP table A"), "\(text)")
        #expect(!text.contains("per base") && !text.contains("per PLN"), "\(text)")
        let explanation = try #require(Explanation.of(outcome, bases: bases))
        let json = try #require(JSONRenderer.render(outcome, snapshot: nil, explain: ExplanationRenderer.json(explanation)))
        #expect(json.contains(#""name":"PLN per USD","rate":"\#(usd)""#), "\(json)")
        #expect(json.contains(#""name":"PLN per EUR","rate":"\#(eur)""#), "\(json)")
        guard case .conversion(let conversion) = outcome else { return }
        #expect(conversion.lines[0].quote.rate == S.nbpMid(S.usd, table) / S.nbpMid(S.eur, table))
    }

    /// With the złoty on one side, one figure is the rate, as before.
    @Test func aPairWithTheHomeCurrencyReadsTheFigure() async throws {
        let figure = DecimalFormat.plain(S.nbpMid(S.usd, Day(iso: "2024-02-29")!))
        let text = try Self.explained(try await Self.outcome("pl-nbp", "100 usd pln on 2024-03-01"))
        #expect(text.contains("  PLN per USD = \(figure) (read as published: USD is the base)"), "\(text)")
        #expect(!text.contains("ratio"), "\(text)")
        let back = try Self.explained(try await Self.outcome("pl-nbp", "100 pln usd on 2024-03-01"))
        #expect(back.contains("  USD per PLN = 1 ÷ PLN per USD = 1 ÷ \(figure)"), "\(back)")
    }
}
