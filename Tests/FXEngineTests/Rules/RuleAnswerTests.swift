import FXAnswers
import FXCommands
@testable import FXEngine
import FXRates
import FXRender
import FXTestSupport
import Foundation
import Testing

/// One answer under a rule: the rule said in text and JSON, its steps for --explain, its refusals.
struct RuleAnswerTests {
    typealias S = InstitutionSeries

    func quote(_ rule: String, _ command: String) async throws -> Quote {
        let executor = RuleStatementTests.executor(rule: rule)
        let outcome = try await executor.execute(try #require(try Parser().parse(command)))
        switch outcome {
        case .conversion(let conversion): return conversion.lines[0].quote
        case .rates(let listing): return listing.quotes[0]
        default:
            Issue.record("unexpected \(outcome)")
            throw CancellationError()
        }
    }

    @Test func theBusinessDayBeforeIsSaid() async throws {
        let quote = try await quote("pl-nbp", "100 usd pln on 2024-03-01")
        let note = try #require(quote.provenance.rule)
        #expect(note.sentence == "pl-nbp: NBP table A of 2024-02-29, the business day before 2024-03-01")
        #expect(quote.rate == S.nbpMid(S.usd, Day(iso: "2024-02-29")!))
        #expect(note.steps.contains("the business day before 2024-03-01 in the poland calendar: 2024-02-29"))
        let json = JSONRenderer.render(
            .conversion(
                Conversion(
                    amount: 100, amountDigits: 2, from: S.usd,
                    lines: [
                        Conversion.Line(quote: quote, result: 100 * quote.rate, fractionDigits: 2)
                    ])))!
        for key in [
            "\"rule\":\"pl-nbp\"", "\"institution\":\"NBP table A\"", "\"publication_date\":\"2024-02-29\"",
            "\"transaction_date\":\"2024-03-01\"",
        ] {
            #expect(json.contains(key), "\(key) in \(json)")
        }
    }

    @Test func textAndExplainSayTheRule() async throws {
        let executor = RuleStatementTests.executor(rule: "pl-nbp")
        let outcome = try await executor.execute(try #require(try Parser().parse("100 usd pln on 2024-05-06")))
        let text = try #require(TextRenderer(style: Style(color: false), showProvenance: true).render(outcome, now: RuleStatementTests.now))
        #expect(text.contains("NBP · pl-nbp: NBP table A of 2024-05-02, the business day before 2024-05-06"), "\(text)")
        let explanation = try #require(Explanation.of(outcome, bases: [:]))
        let explained = ExplanationRenderer.text(explanation)
        #expect(explained.contains("rule pl-nbp: NBP table A (source nbp), the publication of the business day before"), "\(explained)")
        #expect(explained.contains("the business day before 2024-05-06 in the poland calendar: 2024-05-02"), "\(explained)")
        #expect(explained.contains("rounded to 4 places as published"), "\(explained)")
        guard case .conversion(let conversion) = outcome else { return }
        #expect(
            Messages.substitutedDay(conversion.lines[0].quote.provenance)
                == "pl-nbp: NBP table A of 2024-05-02, the business day before 2024-05-06")
    }

    @Test func easterMondayTakesGoodFriday() async throws {
        // Good Friday is a business day in Poland: 2 April 2024 takes the table of 29 March.
        let quote = try await quote("pl-nbp", "100 usd pln on 2024-04-02")
        #expect(quote.provenance.date == Day(iso: "2024-03-29")!)
    }

    @Test func aMonthNotPublishedIsAnError() async throws {
        let executor = RuleStatementTests.executor(rule: "uk-hmrc-monthly")
        await #expect(
            throws: Failure.rates(.history(.rule(.monthNotPublished(month: "2026-03", institution: "HMRC monthly exchange rates"))))
        ) {
            _ = try await executor.execute(try Parser().parse("100 usd gbp on 2026-03-05")!)
        }
    }

    @Test func taxYearAverageStatesItsMonths() async throws {
        let quote = try await quote("uk-hmrc-monthly", "rate usd gbp avg tax-year 2024")
        let note = try #require(quote.provenance.rule)
        #expect(note.basis == "the mean of 12 monthly rates, 2024-04 to 2025-03, for tax year 2024-25")
        let months = (0..<12).map { Day(iso: "2024-04-01")!.addingMonths($0) }
        let mean = (months.map(S.hmrcUSD).reduce(0, +) / 12).rounded(scale: 4)
        #expect(quote.rate == 1 / mean)
    }

    @Test func calendarYearAverage() async throws {
        let quote = try await quote("ca-boc-yearly", "rate usd cad avg 2024")
        let held = S.bocDays.filter { $0.components.year == 2024 }
        #expect(quote.rate == (held.map(S.bocMid).reduce(0, +) / Decimal(held.count)).rounded(scale: 4))
        #expect(quote.provenance.rule?.basis == "the mean of \(held.count) publications, \(held.first!) to \(held.last!), for 2024")
    }

    @Test func anotherSourceIsRefused() async throws {
        let clock = FixedClock(RuleStatementTests.now)
        let history = HistoryService(sources: [InstitutionSource(id: SourceID("nbp"))], store: MemoryHistoryStore(), clock: clock)
        let service = RateService(sources: [FixedTableSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        let executor = Executor(
            service: service, history: history, clock: clock, options: Executor.Options(source: .ecb, rule: RuleName("pl-nbp")))
        await #expect(throws: Failure.rates(.history(.rule(.otherSource(rule: "pl-nbp", source: SourceID("nbp"), asked: .ecb))))) {
            _ = try await executor.execute(try Parser().parse("100 usd pln on 2024-03-01")!)
        }
    }
}

/// A price file under a rule: each rate dated the first day a transaction takes it.
struct RulePriceFileTests {
    typealias S = InstitutionSeries

    @Test func eachTableDatedTheDayAfter() async throws {
        let executor = RuleStatementTests.executor(rule: "pl-nbp")
        let command = try #require(try Parser().parse("history usd pln from 2024-04-25 to 2024-05-08 --ledger"))
        guard case .series(let histories, _, _) = try await executor.execute(command) else {
            Issue.record("not a series")
            return
        }
        let points = histories[0].points
        let range = Day(iso: "2024-04-25")!...Day(iso: "2024-05-08")!
        let tables = S.nbpDays.filter { range.contains($0.adding(days: 1)) }
        #expect(points.map(\.day) == tables.map { $0.adding(days: 1) })
        #expect(points.map(\.rate) == tables.map { S.nbpMid(S.usd, $0) })
        #expect(histories[0].provenance.rule?.rule == "pl-nbp")
    }
}

/// The recorded shapes of HMRC's and the Treasury's series as Frankfurter relays them
/// (`[{"date", "base", "quote", "rate"}]`), under their rules: the guide's worked examples.
struct RecordedShapeTests {
    static func history(_ name: String) throws -> RateHistory {
        struct Row: Decodable {
            let date: String, base: String, quote: String, rate: Decimal
        }
        let rows = try JSONDecoder().decode([Row].self, from: sharedFixture("rules/" + name))
        let days = Array(Set(rows.map(\.date))).sorted().map { Day(iso: $0)! }
        var columns: [CurrencyCode: [Decimal?]] = [:]
        for row in rows {
            let code = CurrencyCode(row.quote)!
            columns[code, default: Array(repeating: nil, count: days.count)][days.firstIndex(of: Day(iso: row.date)!)!] = row.rate
        }
        return RateHistory(base: CurrencyCode(rows[0].base)!, days: days, columns: columns)
    }

    func rate(_ rule: String, _ from: String, _ to: String, on day: String, _ file: String) throws -> Quote {
        let series = RuleSeries(
            rule: RuleBook()[rule]!, from: CurrencyCode(from)!, to: CurrencyCode(to)!, history: try Self.history(file))
        let provenance = Provenance(source: SourceID("x"), sourceName: "x", date: Day(iso: day)!, fetchedAt: nil, origin: .cache)
        return try series.quote(on: Day(iso: day)!, provenance: provenance)
    }

    @Test func hmrcMonthly() throws {
        let september = try rate("uk-hmrc-monthly", "USD", "GBP", on: "2026-09-15", "provider-hmrc-rates-range.constructed.json")
        #expect(september.rate == 1 / Decimal(string: "1.3554")!)
        #expect(september.convert(100, places: 2) == Decimal(string: "73.78"))
        let august = try rate("uk-hmrc-monthly", "GBP", "EUR", on: "2026-08-31", "provider-hmrc-rates-range.constructed.json")
        #expect(august.rate == Decimal(string: "1.1719"))
        #expect(throws: RateError.history(.rule(.monthNotPublished(month: "2026-10", institution: "HMRC monthly exchange rates")))) {
            try rate("uk-hmrc-monthly", "USD", "GBP", on: "2026-10-03", "provider-hmrc-rates-range.constructed.json")
        }
    }

    @Test func treasuryQuarterWithAmendments() throws {
        let file = "provider-ust-rates-range.constructed.json"
        // EUR is not amended in Q2: the rate as of 2026-03-31 stays in force past the RUB and ILS amendments.
        let euro = try rate("us-treasury", "EUR", "USD", on: "2026-06-10", file)
        #expect(euro.provenance.date == Day(iso: "2026-03-31")!)
        #expect(euro.rate == 1 / Decimal(string: "0.87")!)
        #expect(try rate("us-treasury", "USD", "RUB", on: "2026-05-10", file).rate == Decimal(string: "73.2"))
        #expect(try rate("us-treasury", "USD", "ILS", on: "2026-06-01", file).rate == Decimal(string: "2.807"))
        // Q3: EUR as of 2026-06-30, the guide's 1,000 EUR = 1,140.25 USD.
        let third = try rate("us-treasury", "EUR", "USD", on: "2026-08-10", file)
        #expect(third.convert(1000, places: 2) == Decimal(string: "1140.25"))
        // Q4 with nothing as of 2026-09-30 held: an error, not June's rate.
        #expect(throws: RateError.self) { try rate("us-treasury", "EUR", "USD", on: "2026-10-05", file) }
    }
}

/// A rule the config defines answers as the shipped ones do; an unknown name is refused.
struct DefinedRuleTests {
    typealias S = InstitutionSeries

    func executor(rule: String, defined: [Rule]) -> Executor {
        let clock = FixedClock(RuleStatementTests.now)
        let sources = ["ecb", "boc"].map { InstitutionSource(id: SourceID($0)) }
        let history = HistoryService(sources: sources, store: MemoryHistoryStore(), clock: clock)
        let service = RateService(sources: [FixedTableSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        let preferences = Workspace.Preferences(rule: RuleName(rule), rules: RuleBook(adding: defined))
        return Executor(service: service, history: history, clock: clock, workspace: Workspace(preferences: preferences))
    }

    @Test func aDefinedRuleAnswers() async throws {
        let mine = try RuleDefinition(source: "boc", day: "previous-business-day", places: 4, home: "CAD", quoted: "home-per-unit")
            .rule(named: "my-boc", sources: [SourceID("boc")])
        let executor = executor(rule: "my-boc", defined: [mine])
        guard case .conversion(let conversion) = try await executor.execute(try #require(try Parser().parse("100 usd cad on 2024-05-21")))
        else {
            Issue.record("not a conversion")
            return
        }
        // Victoria Day, Monday 2024-05-20: the Bank of Canada's business day before the 21st is Friday the 17th.
        let quote = conversion.lines[0].quote
        #expect(quote.provenance.date == Day(iso: "2024-05-17")!)
        #expect(quote.rate == S.bocMid(Day(iso: "2024-05-17")!))
        #expect(quote.provenance.rule?.sentence == "my-boc: boc rates of 2024-05-17, the business day before 2024-05-21")
    }

    @Test func anUnknownRuleIsRefused() async throws {
        let executor = executor(rule: "on-or-before", defined: [])
        await #expect(throws: Failure.self) {
            _ = try await executor.execute(try Parser().parse("set rule my-boc")!)
        }
        #expect(executor.workspace.preferences.rule == .onOrBefore)
    }
}
