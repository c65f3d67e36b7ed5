import FXRates
import FXTestSupport
import Foundation
import Testing

/// Every shipped rule run by the built `fx` over its own series on one loopback server: the ECB
/// (its real daily file and history), the Bank of Canada (Valet, re-dated real observations) and
/// the institutions Frankfurter v2 relays (NBP, HMRC, the Treasury).
@Suite struct RuleBookEndToEndTests {
    typealias Relay = RuleInstitutionEndToEndTests

    /// HMRC's real September 2026 rows, re-dated to every month from January 2025 to September
    /// 2026: a constructed series long enough for a whole tax year (`uk-hmrc-yearly`).
    static func hmrcMonths() throws -> Data {
        let rows = try #require(try JSONSerialization.jsonObject(with: ratesFixture(Relay.hmrcFile)) as? [[String: Any]])
        var months: [[String: Any]] = []
        for offset in 0..<21 {
            let day = Day(iso: "2025-01-01")!.addingMonths(offset)
            months += rows.map { row in row.merging(["date": day.description]) { _, new in new } }
        }
        return try JSONSerialization.data(withJSONObject: months)
    }

    static func withServer(_ body: (inout FXRunner) throws -> Void) throws {
        let routes: [String: LoopbackHTTPServer.Reply] = [
            ECBServer.dailyPath: .ok(ECBServer.daily(dated: Day(iso: "2026-10-30")!)),
            "/ecb/eurofxref-hist.zip": .ok(try ECBFiles.zip(csv: ecbFullHistoryCSV), contentType: "application/zip"),
            "/frankfurter/providers/hmrc/rates": .ok(try hmrcMonths(), contentType: "application/json"),
            "/frankfurter/providers/ust/rates": .ok(try Relay.ustRange(), contentType: "application/json"),
        ]
        let valet = BankOfCanadaHistoryEndToEndTests.handler()
        let relay = Relay.relay
        let server = try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/boc/") { return valet(request) }
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            // NBP as the relay answers each query (Frankfurter's own rows in each currency's base).
            if path == Relay.nbpPath { return relay.reply(request) }
            return routes[path] ?? .status(404, body: "not found")
        }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        fx.environment["FX_BOC_URL"] = server.baseURL.appendingPathComponent("boc/").absoluteString
        defer { fx.cleanUp() }
        try body(&fx)
    }

    /// Each shipped rule with its home currency, a transaction day, and the publication it takes then.
    static let cases: [(rule: String, code: String, day: String, publication: String)] = [
        ("ecb", "EUR", "2024-02-25", "2024-02-23"), ("ecb", "USD", "2024-02-25", "2024-02-23"),
        ("pl-nbp", "PLN", "2024-03-04", "2024-03-01"), ("uk-hmrc-monthly", "GBP", "2026-09-15", "2026-09-01"),
        ("uk-hmrc-yearly", "GBP", "2025-07-10", "2026-03-01"), ("us-treasury", "USD", "2026-08-10", "2026-06-30"),
        ("ca-boc", "CAD", "2024-05-20", "2024-05-17"), ("ca-boc-yearly", "CAD", "2024-07-02", "2024-12-31"),
    ]

    /// The rules fx lists when asked for one it lacks, less the day rules of old, which name no series.
    @Test func everyShippedNamedRuleIsHere() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let refused = try fx.run(["--rule", "none-such", "100", "usd", "eur", "on", "2024-03-01"]).stderr
        let listed = try #require(refused.components(separatedBy: "The rules are ").last?.components(separatedBy: " (and").first)
        let named = listed.components(separatedBy: ", ").filter { !["on-or-before", "previous-business-day"].contains($0) }
        #expect(Set(Self.cases.map(\.rule)) == Set(named), "\(refused)")
    }

    /// A currency into itself: rate 1, the amount as typed, the rule and its publication recorded.
    /// It died of SIGILL (exit 132): a dictionary literal keyed by both currencies.
    @Test(arguments: cases)
    func aCurrencyIntoItselfIsTheAmountUnderTheRule(rule: String, code: String, day: String, publication: String) throws {
        try Self.withServer { fx in
            let json = try fx.run(["--rule", rule, "--json", "77.77", code, code, "on", day])
            #expect(json.status == 0, "\(rule): \(json.stderr)")
            let object = try Relay.json(json.stdout)
            #expect(object["result"] as? String == "77.77", "\(json.stdout)")
            #expect(object["rate"] as? String == "1", "\(json.stdout)")
            let source =
                rule.hasPrefix("ca-boc") ? "boc" : rule == "pl-nbp" ? "nbp" : rule == "us-treasury" ? "ust" : rule == "ecb" ? "ecb" : "hmrc"
            #expect((object["rule"] as? String, object["publication_date"] as? String) == (rule, publication), "\(json.stdout)")
            #expect((object["transaction_date"] as? String, object["source"] as? String) == (day, source), "\(json.stdout)")

            let text = try fx.run(["--rule", rule, "77.77", code, code, "on", day])
            #expect(text.status == 0, "\(rule): \(text.stderr)")
            #expect(text.stdout == "77.77 \(code) = 77.77 \(code)\n", "\(text.stdout)")
            #expect(text.stderr.hasPrefix("note: \(rule): "), "\(text.stderr)")
            #expect(text.stderr.contains(" of \(publication), "), "\(text.stderr)")
        }
    }

    /// A statement whose rows are in the home currency and in dollars, under pl-nbp: the złoty rows
    /// keep their amounts at rate 1, dated the table the rule takes. It wrote nothing (exit 132).
    @Test func aStatementWithHomeCurrencyRows() throws {
        try Self.withServer { fx in
            let path = fx.home.appendingPathComponent("statement.csv").path
            try "Date,Amount,Currency\n2024-03-01,100,PLN\n2024-03-04,250.50,USD\n2024-03-05,-12.34,PLN\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            let result = try fx.run([
                "csv", path, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "pln", "--rule", "pl-nbp",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Date,Amount,Currency,rate,rate_date,source,rule,amount_pln", "\(result.stdout)")
            let figure = try Relay.nbpFigure("USD", on: "2024-03-01")
            #expect(
                Array(lines.dropFirst())
                    == [
                        "2024-03-01,100,PLN,1,2024-02-29,nbp,pl-nbp,100.00",
                        "2024-03-04,250.50,USD,\(figure),2024-03-01,nbp,pl-nbp,\(Relay.money(Decimal(string: "250.50")! * figure))",
                        "2024-03-05,-12.34,PLN,1,2024-03-04,nbp,pl-nbp,-12.34",
                    ], "\(result.stdout)")
        }
    }

    /// `fx --explain csv … --rule pl-nbp`: each row states the rule's steps, those its one-line
    /// answer's JSON records for the same amount and day.
    @Test func aCSVRowExplainedUnderARuleStatesItsSteps() throws {
        try Self.withServer { fx in
            let path = fx.home.appendingPathComponent("statement.csv").path
            try "Date,Amount\n2024-03-01,100\n2024-03-04,250.50\n".write(toFile: path, atomically: true, encoding: .utf8)
            let result = try fx.run([
                "--explain", "csv", path, "--amount", "Amount", "--from", "usd", "--date", "Date", "--to", "pln", "--rule", "pl-nbp",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.stderr.components(separatedBy: "explain: ").dropFirst()
            #expect(rows.count == 2, "\(result.stderr)")
            for (row, (amount, day)) in zip(rows, [("100", "2024-03-01"), ("250.50", "2024-03-04")]) {
                let json = try Relay.json(try fx.run(["--rule", "pl-nbp", "--json", amount, "usd", "pln", "on", day]).stdout)
                let steps = try #require(json["rule_steps"] as? [String])
                #expect(steps.count >= 3, "\(json)")
                for step in steps { #expect(row.contains("\n  \(step)\n"), "\(day): \(step) not in\n\(row)") }
            }
        }
    }

    /// The first comment of a price file says how the series publishes.
    @Test func aPriceFileOfAMonthlySeriesIsHeadedMonthly() throws {
        try Self.withServer { fx in
            let hmrc = try fx.run(["history", "usd", "gbp", "2025", "--ledger", "--source", "hmrc"])
            #expect(hmrc.status == 0, "\(hmrc.stderr)")
            #expect(
                hmrc.stdout.hasPrefix("; HM Revenue & Customs monthly rates, USD/GBP, 2025-01-01 to 2025-12-01 (fx)\n"), "\(hmrc.stdout)")
            let ust = try fx.run([
                "history", "usd", "eur", "from", "2026-06-01", "to", "2026-08-31", "--ledger", "--source", "ust", "--partial",
            ])
            #expect(ust.stdout.hasPrefix("; U.S. Department of the Treasury quarterly rates, USD/EUR, "), "\(ust.stdout)\(ust.stderr)")
            let means = try fx.run([
                "--rule", "pl-nbp", "history", "usd", "pln", "from", "2024-02-26", "to", "2024-03-05", "--ledger", "--monthly",
            ])
            #expect(
                means.stdout.hasPrefix("; rule pl-nbp: NBP table A, the publication of the business day before; monthly means"),
                "\(means.stdout)")
        }
    }

    /// HMRC's rates are served to 2026-09: tax year 2026-27 is held in part.
    @Test func anAverageOverPartOfATaxYear() throws {
        try Self.withServer { fx in
            let refused = try fx.run(["--rule", "uk-hmrc-monthly", "rate", "usd", "gbp", "avg", "tax-year", "2026"])
            #expect(refused.status == 1, "\(refused.stdout)")
            #expect(
                refused.stderr.contains(
                    "Not the whole of tax year 2026-27: the HMRC monthly exchange rates held are only 6 monthly rates of it, 2026-04 to 2026-09."
                ),
                "\(refused.stderr)")
            let partial = try fx.run(["--rule", "uk-hmrc-monthly", "--json", "rate", "usd", "gbp", "avg", "tax-year", "2026", "partial"])
            #expect(partial.status == 0, "\(partial.stderr)")
            #expect(
                partial.stdout.contains(
                    #""rule_basis":"the mean of the 6 monthly rates held, 2026-04 to 2026-09, not the whole of tax year 2026-27""#),
                "\(partial.stdout)")
        }
    }

}
