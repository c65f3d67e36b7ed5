import FXRates
import FXTestSupport
import Foundation
import Testing

/// The named rules over the institutions' own series as Frankfurter v2 relays them (`hmrc`, `ust`,
/// `nbp`, off by default): a rule names its source as `--source` does, reads it by its ranges
/// route, and takes the figure the institution published. Every expected rate is worked out here
/// from the fixture files the loopback server sends.
@Suite struct RuleInstitutionEndToEndTests {
    /// NBP's table A as Frankfurter v2 relays it, each figure echoed only to a request in its own base.
    static let relay = NBPRelay.tableA
    static let hmrcFile = "frankfurter-v2/provider-hmrc-rates-2026-09-01.constructed.json"
    static let ustFile = "frankfurter-v2/provider-ust-rates-2026-08-31.constructed.json"

    struct Row: Decodable {
        let date: String
        let quote: String
        let rate: Decimal
    }

    static func rows(_ file: String) throws -> [Row] {
        let data = ratesFixture(file)
        if file.hasSuffix(".ndjson") {
            return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Row.self, from: Data($0)) }
        }
        return try JSONDecoder().decode([Row].self, from: data)
    }

    /// The rate a fixture holds for `quote` on `date`.
    static func rate(_ file: String, _ quote: String, on date: String) throws -> Decimal {
        try #require(try rows(file).first { $0.date == date && $0.quote == quote }?.rate)
    }

    /// NBP's own figure, PLN per unit (JPY per yen: 0.026486), as table A published it.
    static func nbpFigure(_ quote: String, on date: String) throws -> Decimal {
        try #require(relay.mid(CurrencyCode(quote)!, on: Day(iso: date)!))
    }

    /// The Treasury's latest answer lists each currency's own latest row, not in date order; its
    /// ranges route streams them oldest first, as served here.
    static func ustRange() throws -> Data {
        let objects = try #require(try JSONSerialization.jsonObject(with: ratesFixture(ustFile)) as? [[String: Any]])
        let sorted = objects.sorted { ($0["date"] as? String ?? "") < ($1["date"] as? String ?? "") }
        return try JSONSerialization.data(withJSONObject: sorted)
    }

    /// A loopback Frankfurter root serving the three institutions: NBP as the relay answers each
    /// query, HMRC and the Treasury their fixed files; `nbp` answers NBP's route instead when given.
    static func server(nbp: LoopbackHTTPServer.Handler? = nil) throws -> LoopbackHTTPServer {
        let routes: [String: LoopbackHTTPServer.Reply] = [
            "/frankfurter/providers/hmrc/rates": .ok(ratesFixture(hmrcFile), contentType: "application/json"),
            "/frankfurter/providers/ust/rates": .ok(try ustRange(), contentType: "application/json"),
        ]
        let relay = Self.relay
        return try LoopbackHTTPServer { request in
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            if path == nbpPath { return nbp?(request) ?? relay.reply(request) }
            return routes[path] ?? .status(404, body: "not found")
        }
    }

    static let nbpPath = "/frankfurter/providers/nbp/rates"

    /// The queries NBP's route was asked, in order.
    static func nbpQueries(_ server: LoopbackHTTPServer) -> [String] {
        server.requests.filter { $0.path.hasPrefix(nbpPath + "?") }.map { String($0.path.dropFirst(nbpPath.count + 1)) }
    }

    /// A fresh home and a loopback Frankfurter root serving the three institutions, nothing enabled.
    static func withServer(
        nbp: LoopbackHTTPServer.Handler? = nil, _ body: (inout FXRunner, LoopbackHTTPServer) throws -> Void
    ) throws {
        let server = try Self.server(nbp: nbp)
        defer { server.stop() }
        var fx = FXRunner()
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        defer { fx.cleanUp() }
        try body(&fx, server)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(jsonAnswer(text))
    }

    /// The rule as JSON records it: `rule`, `institution`, `publication_date`, `transaction_date`, `source`.
    static func expectRecorded(_ json: [String: Any], _ values: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let fields = ["rule", "institution", "publication_date", "transaction_date", "source"]
        #expect(fields.map { json[$0] as? String } == values.map(Optional.some), sourceLocation: sourceLocation)
    }

    /// A result as fx writes it in JSON, with both decimals: `2654.30`.
    static func money(_ value: Decimal) -> String {
        let parts = "\(value.rounded(scale: 2))".split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return "\(parts[0]).\(fraction.padding(toLength: 2, withPad: "0", startingAt: 0))"
    }

    @Test func plNBPTakesTheTableOfTheBusinessDayBefore() throws {
        try Self.withServer { fx, server in
            let figure = try Self.nbpFigure("USD", on: "2024-02-29")
            let text = try fx.run(["--rule", "pl-nbp", "100", "usd", "pln", "on", "2024-03-01"])
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.hasPrefix("100.00 USD = \(Self.money(100 * figure)) PLN"), "\(text.stdout)")
            #expect(
                (text.stdout + text.stderr).contains("pl-nbp: NBP table A of 2024-02-29, the business day before 2024-03-01"),
                "\(text.stdout)\(text.stderr)")
            // The institution's ranges route, asked in the dollar's base, where the row is NBP's own
            // (in the złoty's, the server would rebase and round it), from the day the rule needs.
            #expect(Self.nbpQueries(server) == ["from=2024-02-29&base=USD&quotes=PLN"], "\(Self.nbpQueries(server))")

            let json = try Self.json(try fx.run(["--rule", "pl-nbp", "--json", "100", "usd", "pln", "on", "2024-03-01"]).stdout)
            Self.expectRecorded(json, ["pl-nbp", "NBP table A", "2024-02-29", "2024-03-01", "nbp"])
            #expect(json["rate"] as? String == "\(figure)")
            #expect(json["result"] as? String == Self.money(100 * figure))
        }
    }

    /// Table A quotes the yen per 100: its figure's 4 places are 6 for one yen, not 4 (0.0265 would
    /// be 0.05% off: 100,000 JPY = 2,650.00 PLN rather than 2,648.60).
    @Test func plNBPKeepsThePlacesOfACurrencyQuotedPerHundred() throws {
        try Self.withServer { fx, _ in
            let per100 = 100 * (try Self.nbpFigure("JPY", on: "2024-02-29"))
            #expect(per100 == Decimal(string: "2.6486"))
            let result = try fx.run(["--rule", "pl-nbp", "--json", "100000", "jpy", "pln", "on", "2024-03-01"])
            let json = try Self.json(result.stdout)
            #expect(json["rate"] as? String == "\(per100 / 100)", "\(result.stdout)")
            #expect(json["result"] as? String == Self.money(1000 * per100))
        }
    }

    /// A weekend's rows and the Monday take Friday's table; Friday takes Thursday's.
    @Test func aCSVStatementUnderPLNBPTakesEachRowsTable() throws {
        try Self.withServer { fx, _ in
            let path = fx.home.appendingPathComponent("statement.csv").path
            try "Date,Amount\n2024-03-01,100\n2024-03-02,250.50\n2024-03-04,10\n2024-03-05,1000\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            let result = try fx.run([
                "csv", path, "--amount", "Amount", "--from", "usd", "--date", "Date", "--to", "pln", "--rule", "pl-nbp",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let column = { (name: String) in try #require(header.firstIndex(of: name), "\(header)") }
            let expected: [(amount: Decimal, table: String)] = [
                (100, "2024-02-29"), (Decimal(string: "250.50")!, "2024-03-01"), (10, "2024-03-01"), (1000, "2024-03-04"),
            ]
            #expect(lines.count == 1 + expected.count, "\(result.stdout)")
            for (line, row) in zip(lines.dropFirst(), expected) {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                let figure = try Self.nbpFigure("USD", on: row.table)
                #expect(cells[try column("rate_date")] == row.table, "\(line)")
                #expect(cells[try column("rule")] == "pl-nbp", "\(line)")
                #expect(cells[try column("source")] == "nbp", "\(line)")
                #expect(Decimal(string: cells[try column("rate")]) == figure, "\(line)")
                #expect(Decimal(string: cells[try column("amount_pln")]) == (row.amount * figure).rounded(scale: 2), "\(line)")
            }
        }
    }

    /// Each table's price dated the first day a transaction takes it, the rule named in a comment.
    @Test func aPriceFileUnderPLNBPDatesEachTableTheDayAfter() throws {
        try Self.withServer { fx, _ in
            let result = try fx.run(["--rule", "pl-nbp", "history", "usd", "pln", "from", "2024-02-27", "to", "2024-03-05", "--ledger"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first { $0.hasPrefix(";") }?.contains("pl-nbp") == true, "\(result.stdout)")
            let prices = lines.filter { $0.hasPrefix("P ") }
            // Tables of 2024-02-27 … 03-04 apply from the next day; 03-05's from 03-06, after the range.
            for (table, applies) in [("2024-02-27", "2024-02-28"), ("2024-02-29", "2024-03-01"), ("2024-03-01", "2024-03-02")] {
                let figure = try Self.nbpFigure("USD", on: table)
                #expect(
                    prices.contains { $0.hasPrefix("P \(applies)") && $0.hasSuffix(" USD \(figure) PLN") },
                    "\(table): \(prices)")
            }
        }
    }

    @Test func ukHMRCMonthlyTakesTheMonthsRate() throws {
        try Self.withServer { fx, server in
            let usdPerGBP = try Self.rate(Self.hmrcFile, "USD", on: "2026-09-01")
            let json = try Self.json(try fx.run(["--rule", "uk-hmrc-monthly", "--json", "100", "usd", "gbp", "on", "2026-09-15"]).stdout)
            #expect(json["result"] as? String == Self.money(100 / usdPerGBP))
            Self.expectRecorded(json, ["uk-hmrc-monthly", "HMRC monthly exchange rates", "2026-09-01", "2026-09-15", "hmrc"])
            let asked = server.requests.map(\.path).filter { $0.hasPrefix("/frankfurter/providers/hmrc/rates") }
            #expect(!asked.isEmpty && asked.allSatisfy { $0.contains("from=") && $0.contains("base=GBP") }, "\(asked)")
            // October's rates are not held: an error, never September's.
            let october = try fx.run(["--rule", "uk-hmrc-monthly", "100", "usd", "gbp", "on", "2026-10-03"])
            #expect(october.status != 0)
            #expect(october.stderr.contains("2026-10"), "\(october.stderr)")
        }
    }

    @Test func usTreasuryTakesTheQuartersRateInForce() throws {
        try Self.withServer { fx, _ in
            let eurPerUSD = try Self.rate(Self.ustFile, "EUR", on: "2026-06-30")
            let json = try Self.json(try fx.run(["--rule", "us-treasury", "--json", "1000", "eur", "usd", "on", "2026-08-10"]).stdout)
            #expect(json["result"] as? String == Self.money(1000 / eurPerUSD))
            Self.expectRecorded(json, ["us-treasury", "Treasury Reporting Rates of Exchange", "2026-06-30", "2026-08-10", "ust"])
        }
    }

    /// A rule reads its institution though it is off, yet a dated question naming no source never
    /// reaches an institution, and one the config switched off stays off.
    @Test func onlyTheRuleReachesAnInstitution() throws {
        try Self.withServer { fx, server in
            _ = try fx.run(["100", "usd", "pln", "on", "2024-03-01"])
            #expect(!server.requests.contains { $0.path.hasPrefix("/frankfurter/providers/") }, "\(server.requests.map(\.path))")
            #expect(try fx.run(["sources", "disable", "nbp"]).status == 0)
            let off = try fx.run(["--rule", "pl-nbp", "100", "usd", "pln", "on", "2024-03-01"])
            #expect(off.status != 0)
            #expect(off.stderr.contains("The source 'nbp' is disabled; 'fx sources enable nbp' turns it on."), "\(off.stderr)")
            #expect(!server.requests.contains { $0.path.hasPrefix("/frankfurter/providers/nbp") })
        }
    }
}
