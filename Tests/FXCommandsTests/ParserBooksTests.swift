import FXCommands
import FXRates
import Testing

/// Price files, `--monthly`/`--yearly` and `avg <period>`.
@Suite struct ParserBooksTests {
    static let usd = code("USD"), eur = code("EUR"), gbp = code("GBP"), chf = code("CHF")

    static let histories: [(String, HistoryQuery)] = [
        (
            "history usd eur,gbp ytd --ledger",
            HistoryQuery(
                base: usd, quote: eur, range: .yearToDate, format: .ledger, pairs: [CurrencyPair(usd, eur), CurrencyPair(usd, gbp)])
        ),
        (
            "history usd,chf eur 30d --beancount --invert",
            HistoryQuery(
                base: eur, quote: usd, range: .days(30), format: .beancount, pairs: [CurrencyPair(eur, usd), CurrencyPair(eur, chf)])
        ),
        (
            "history usd eur all --hledger --digits 6 --yearly",
            HistoryQuery(base: usd, quote: eur, range: .all, format: .hledger, grouping: .yearly, digits: 6)
        ),
        (
            "history usd eur,gbp ytd",
            HistoryQuery(
                base: usd, quote: eur, range: .yearToDate, format: .table, pairs: [CurrencyPair(usd, eur), CurrencyPair(usd, gbp)])
        ),
        ("history usd eur 2y --monthly", HistoryQuery(base: usd, quote: eur, range: .years(2), format: .table, grouping: .monthly)),
        ("history usd eur --monthly --json", HistoryQuery(base: usd, quote: eur, range: .years(1), format: .json, grouping: .monthly)),
    ]

    @Test(arguments: histories)
    func historyOptionsParse(line: String, expected: HistoryQuery) throws {
        #expect(try Parser().parse(line) == .history(expected))
    }

    static let averages: [(String, AveragePeriod)] = [
        ("rate usd eur avg 2024", .year(2024)),
        ("rate usd eur avg 2024-03", .month(year: 2024, month: 3)),
        ("rate usd eur avg march 2024", .month(year: 2024, month: 3)),
        ("rate usd eur avg q1 2024", .quarter(year: 2024, quarter: 1)),
        ("rate usd eur average Q4 2023", .quarter(year: 2023, quarter: 4)),
        ("rate usd eur avg from 2024-01-15 to 2024-02-15", .range(.between(.day(Day(iso: "2024-01-15")!), .day(Day(iso: "2024-02-15")!)))),
        ("rate usd eur avg ytd", .range(.yearToDate)),
    ]

    @Test(arguments: averages)
    func averagePeriodsParse(line: String, period: AveragePeriod) throws {
        #expect(try Parser().parse(line) == .average(base: Self.usd, quotes: [Self.eur], period: period))
    }

    @Test func convertCarriesThePeriod() throws {
        guard case .calculate(let calculation)? = try Parser().parse("convert 1200 usd eur avg 2024") else {
            Issue.record("not a calculation")
            return
        }
        #expect(calculation.average == .year(2024) && calculation.targets == [Self.eur] && calculation.date == nil)
    }

    /// `partial` (or `--partial`) after the period: the mean of the days held, said as such.
    @Test func partialFollowsThePeriod() throws {
        for word in ["partial", "--partial"] {
            #expect(
                try Parser().parse("rate usd eur avg 2026 \(word)")
                    == .average(base: Self.usd, quotes: [Self.eur], period: .year(2026), partial: true))
            guard case .calculate(let calculation)? = try Parser().parse("convert 100 usd eur avg 2026 \(word)") else {
                Issue.record("not a calculation")
                return
            }
            #expect(calculation.partial && calculation.average == .year(2026))
        }
        #expect(try Parser().parse("rate usd eur avg 2026") == .average(base: Self.usd, quotes: [Self.eur], period: .year(2026)))
        #expect(throws: UsageError.self) { try Parser().parse("rate usd eur avg 2026 partial partial") }
        guard case .history(let query)? = try Parser().parse("history usd eur 1y --ledger --partial") else {
            Issue.record("not a history")
            return
        }
        #expect(query.partial && query.format == .ledger)
    }

    @Test func periodsSpanTheirCalendarDays() {
        let today = Day(iso: "2026-11-25")!
        #expect(AveragePeriod.year(2024).days(today: today) == Day(iso: "2024-01-01")!...Day(iso: "2024-12-31")!)
        #expect(AveragePeriod.quarter(year: 2024, quarter: 1).days(today: today) == Day(iso: "2024-01-01")!...Day(iso: "2024-03-31")!)
        #expect(AveragePeriod.month(year: 2024, month: 2).days(today: today) == Day(iso: "2024-02-01")!...Day(iso: "2024-02-29")!)
    }

    static let refused: [(String, UsageError.Kind)] = [
        ("history usd eur ytd --digits", .books(.digits(maximum: 30))),
        ("history usd eur ytd --digits 0", .books(.digits(maximum: 30))),
        ("history usd eur ytd --csv --digits 4", .books(.digitsOutsidePriceFile)),
        ("rate usd eur avg", .books(.missingPeriod)),
        ("rate usd eur avg q5 2024", .books(.period("q5"))),
        ("rate usd eur avg soon", .books(.period("soon"))),
        ("convert 100 usd eur on 2024-01-05 avg 2024", .unexpectedWord("avg", command: "convert")),
    ]

    @Test(arguments: refused)
    func badBooksLinesAreRefused(line: String, kind: UsageError.Kind) {
        #expect { try Parser().parse(line) } throws: { ($0 as? UsageError)?.kind == kind }
    }
}
