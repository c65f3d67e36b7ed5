import FXRates
import FXTestSupport
import Foundation
import Testing

/// Issue 32: every answer from NBP's series is NBP's own figure, to the last digit, whether a rule
/// (`pl-nbp`) or the plain source (`--source nbp`) asks, for every currency of table A (the yen,
/// forint, krona, peso, rupee and won quoted per 100, the rupiah per 10,000) and for the days a rule
/// picks over weekends and Polish holidays; and only the days a question needs are asked. The
/// loopback relay serves NBP as Frankfurter v2 does: a figure echoed only to a request in its own
/// base (`base=CHF&quotes=PLN`), any other record rebased and rounded to 5 places.
@Suite struct NBPFiguresEndToEndTests {
    static let relay = NBPRelay.tableA

    /// Transaction days and the tables `pl-nbp` takes for them: a Friday, a Sunday, the day after
    /// Easter Monday (Good Friday's table, a Polish business day), the Monday after 1–3 May, two
    /// days of NBP's real tables of March 2026, and the Monday after 1 May 2026.
    static let ruleDays: [(transaction: String, table: String)] = [
        ("2024-03-01", "2024-02-29"), ("2024-03-03", "2024-03-01"), ("2024-04-02", "2024-03-29"), ("2024-05-06", "2024-05-02"),
        ("2026-03-03", "2026-03-02"), ("2026-03-06", "2026-03-05"), ("2026-05-04", "2026-04-30"),
    ]

    /// Each JSON answer of a script run, in order.
    static func answers(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(jsonAnswer(String(line)), "\(line)")
        }
    }

    static func money(_ value: Decimal) -> String { RuleInstitutionEndToEndTests.money(value) }

    /// An answer's `rate`, as a number.
    static func rate(_ answer: [String: Any]) -> Decimal? { (answer["rate"] as? String).flatMap { Decimal(string: $0) } }

    /// The rule's rate and a million units, for each currency of table A on each day: the figure
    /// NBP published for the table the rule names, never one a digit off.
    @Test func everyAnswerUnderPLNBPIsNBPsOwnFigure() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, server in
            var expected: [(line: String, table: String, figure: Decimal)] = []
            for (transaction, table) in Self.ruleDays {
                for code in Self.relay.codes {
                    let figure = try #require(Self.relay.mid(code, on: Day(iso: table)!))
                    expected.append(("1000000 \(code) pln on \(transaction)", table, figure))
                }
            }
            let result = try fx.run(["--rule", "pl-nbp", "--json"], stdin: expected.map(\.line).joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.stderr)")
            let answers = try Self.answers(result.stdout)
            #expect(answers.count == expected.count, "\(result.stdout)")
            var wrong: [String] = []
            for (answer, row) in zip(answers, expected) {
                if Self.rate(answer) != row.figure || answer["result"] as? String != Self.money(1_000_000 * row.figure)
                    || answer["publication_date"] as? String != row.table
                {
                    wrong.append("\(row.line): \(answer["rate"] ?? "-") \(answer["result"] ?? "-") (NBP \(row.figure) of \(row.table))")
                }
            }
            #expect(wrong.isEmpty, "\(wrong.count) answers off NBP's figure:\n\(wrong.joined(separator: "\n"))")
            // One request per currency, in its own base, from the earliest table asked for.
            let queries = RuleInstitutionEndToEndTests.nbpQueries(server)
            #expect(queries.count == Self.relay.codes.count, "\(queries)")
            #expect(queries.contains("from=2024-02-29&base=JPY&quotes=PLN"), "\(queries)")
        }
    }

    /// The issue's own examples, as text.
    @Test func theIssuesExamplesGiveNBPsFigure() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, _ in
            let chf = try fx.run(["--rule", "pl-nbp", "1000000", "chf", "pln", "on", "2024-03-03"])
            #expect(chf.stdout == "1,000,000.00 CHF = 4,506,400.00 PLN\n", "\(chf.stdout)\(chf.stderr)")
            let usd = try #require(Self.relay.mid(.usd, on: Day(iso: "2026-05-04")!))
            let plain = try fx.run(["--source", "nbp", "--json", "1000000", "usd", "pln", "on", "2026-05-04"])
            let json = try #require(try Self.answers(plain.stdout).first, "\(plain.stderr)")
            #expect(Self.rate(json) == usd && json["result"] as? String == Self.money(1_000_000 * usd), "\(plain.stdout)")
        }
    }

    /// A cross under the rule is the ratio of NBP's two figures of the same table.
    @Test func aCrossUnderPLNBPIsTheRatioOfTwoFigures() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, server in
            let day = Day(iso: "2024-03-01")!
            let usd = try #require(Self.relay.mid(.usd, on: day)), chf = try #require(Self.relay.mid(CurrencyCode("CHF")!, on: day))
            let result = try fx.run(["--rule", "pl-nbp", "--json", "1000", "usd", "chf", "on", "2024-03-03"])
            let json = try #require(try Self.answers(result.stdout).first, "\(result.stderr)")
            #expect(json["result"] as? String == Self.money(1000 * usd / chf), "\(result.stdout)")
            #expect(Self.rate(json) == (usd / chf).rounded(significantDigits: 12))
            #expect(
                RuleInstitutionEndToEndTests.nbpQueries(server).sorted()
                    == ["from=2024-03-01&base=CHF&quotes=PLN", "from=2024-03-01&base=USD&quotes=PLN"])
        }
    }

    /// `--source nbp` dated questions take the table of the day, or the last before it, as published.
    @Test func theSourceNBPAnswersEachDayWithNBPsFigure() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, _ in
            let days = ["2024-03-02", "2024-04-01", "2024-05-03", "2026-03-04", "2026-05-04", "2026-05-08"]
            var expected: [(line: String, figure: Decimal)] = []
            for text in days {
                let table = try #require(Self.relay.days.last { $0 <= Day(iso: text)! })
                for code in Self.relay.codes {
                    expected.append(("1000000 \(code) pln on \(text)", try #require(Self.relay.mid(code, on: table))))
                }
            }
            let result = try fx.run(["--source", "nbp", "--json"], stdin: expected.map(\.line).joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.stderr)")
            let answers = try Self.answers(result.stdout)
            #expect(answers.count == expected.count)
            let wrong = zip(answers, expected).filter { answer, row in
                Self.rate(answer) != row.figure || answer["result"] as? String != Self.money(1_000_000 * row.figure)
            }.map { "\($1.line): \($0["rate"] ?? "-") (NBP \($1.figure))" }
            #expect(wrong.isEmpty, "\(wrong.count) answers off NBP's figure:\n\(wrong.joined(separator: "\n"))")
        }
    }

    /// The latest table: its currencies from one request in the złoty's base, each figure from its own.
    @Test func theLatestTableHoldsNBPsFigures() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, server in
            let result = try fx.run(["--source", "nbp", "--json", "1000000", "jpy", "pln"])
            let json = try #require(try Self.answers(result.stdout).first, "\(result.stderr)")
            let jpy = try #require(Self.relay.mid(CurrencyCode("JPY")!, on: Self.relay.today))
            #expect(Self.rate(json) == jpy && json["result"] as? String == Self.money(1_000_000 * jpy), "\(result.stdout)")
            let queries = RuleInstitutionEndToEndTests.nbpQueries(server)
            #expect(queries.first == "base=PLN" && queries.count == 1 + Self.relay.codes.count, "\(queries)")
            #expect(queries.dropFirst().allSatisfy { $0.hasSuffix("&quotes=PLN") })
            let usage =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: fx.home.appendingPathComponent("cache/fx/usage.json"))) as? [String: Any]
            let record = (usage?["sources"] as? [String: Any])?["nbp"] as? [String: Any]
            #expect(record?["requests"] as? Int == queries.count, "\(String(describing: record))")
        }
    }

    /// Only the days a question needs: the first question asks one currency from the table it
    /// takes (not NBP's history since 2002); a second currency asks for itself only; an older day
    /// asks only the days before those held; every request counted in usage.json.
    @Test func onlyTheWindowAQuestionNeedsIsAsked() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, server in
            _ = try fx.run(["--rule", "pl-nbp", "100", "chf", "pln", "on", "2024-03-05"])
            #expect(RuleInstitutionEndToEndTests.nbpQueries(server) == ["from=2024-03-04&base=CHF&quotes=PLN"])
            _ = try fx.run(["--rule", "pl-nbp", "100", "chf", "usd", "on", "2024-03-05"])
            #expect(RuleInstitutionEndToEndTests.nbpQueries(server).dropFirst() == ["from=2024-03-04&base=USD&quotes=PLN"])
            let older = try fx.run(["--rule", "pl-nbp", "100", "chf", "pln", "on", "2024-02-27"])
            #expect(older.status == 0, "\(older.stderr)")
            let figure = try #require(Self.relay.mid(CurrencyCode("CHF")!, on: Day(iso: "2024-02-26")!))
            #expect(older.stdout == "100.00 CHF = \(Self.money(100 * figure)) PLN\n", "\(older.stdout)")
            let queries = RuleInstitutionEndToEndTests.nbpQueries(server)
            #expect(queries.dropFirst(2) == ["from=2024-02-26&to=2024-03-03&base=CHF&quotes=PLN"], "\(queries)")
            #expect(queries.allSatisfy { !$0.contains("2002") && !$0.contains("base=PLN") })
            // Asked again, nothing is fetched.
            _ = try fx.run(["--rule", "pl-nbp", "100", "chf", "usd", "on", "2024-03-06"])
            #expect(RuleInstitutionEndToEndTests.nbpQueries(server).count == queries.count)
            let usage =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: fx.home.appendingPathComponent("cache/fx/usage.json"))) as? [String: Any]
            let record = (usage?["sources"] as? [String: Any])?["nbp"] as? [String: Any]
            #expect(record?["requests"] as? Int == queries.count, "\(String(describing: record))")
        }
    }

    /// A currency NBP does not publish is said to be so, and NBP is not held back for it.
    @Test func aCurrencyNBPDoesNotPublishIsSaidSo() throws {
        try RuleInstitutionEndToEndTests.withServer { fx, _ in
            for words in [["100", "aed", "pln"], ["100", "usd", "aed"]] {
                let result = try fx.run(["--rule", "pl-nbp"] + words + ["on", "2024-03-03"])
                #expect(result.status == 1)
                #expect(result.stderr == "fx: No rate for AED: it is not published by Narodowy Bank Polski.\n", "\(result.stderr)")
            }
            let usd = try fx.run(["--rule", "pl-nbp", "100", "usd", "pln", "on", "2024-03-03"])
            #expect(
                usd.status == 0
                    && usd.stdout == "100.00 USD = \(Self.money(100 * Self.relay.mid(.usd, on: Day(iso: "2024-03-01")!)!)) PLN\n")
        }
    }

    /// A fetch cut off at the deadline says which setting gives it longer.
    @Test func aTimeoutNamesFXTimeout() throws {
        let hang: LoopbackHTTPServer.Handler = { _ in .hang }
        try RuleInstitutionEndToEndTests.withServer(nbp: hang) { fx, _ in
            fx.environment["FX_TIMEOUT"] = "1"
            let result = try fx.run(["--rule", "pl-nbp", "100", "usd", "pln", "on", "2024-03-03"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("no answer within 1 s") && result.stderr.contains("FX_TIMEOUT"), "\(result.stderr)")
        }
    }
}
