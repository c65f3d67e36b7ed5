import FXAnswers
import FXCommands
import FXEngine
import FXRates
import FXTestSupport
import Foundation
import Testing

/// Each shipped rule over a statement of two years and more, weekends and holidays included:
/// every row's publication and amount as worked out here, simply, from the institution's series.
struct RuleStatementTests {
    typealias S = InstitutionSeries
    static let now = ISO8601DateFormatter().date(from: "2026-03-10T12:00:00Z")!

    /// Every third day from April 2023, the hard days, and days past what is held.
    static let statementDays: [Day] = {
        var days = stride(from: Day(year: 2023, month: 4, day: 1)!.ordinal, through: Day(year: 2025, month: 12, day: 31)!.ordinal, by: 3)
            .map(Day.init(ordinal:))
        let hard = [
            "2024-03-29", "2024-04-01", "2024-04-02", "2024-05-01", "2024-05-02", "2024-05-03", "2024-05-06", "2024-05-31",
            "2024-08-26", "2024-08-27", "2024-12-24", "2024-12-27", "2025-01-02", "2025-01-07", "2025-04-22", "2025-06-20",
            "2025-12-24", "2025-12-29", "2024-07-02", "2024-05-21", "2024-10-15", "2023-12-27", "2024-05-16",
            "2026-02-14", "2026-02-16", "2026-02-17", "2026-03-05",
        ]
        days += hard.map { Day(iso: $0)! }
        return days.sorted()
    }()

    /// What the rule must answer for `day`: the publication's day and the rate, or nil for an error.
    static func expected(_ rule: String, _ day: Day) -> (publication: Day, rate: Decimal)? {
        let (year, month, _) = day.components
        func mean(_ values: [Decimal]) -> Decimal { (values.reduce(0, +) / Decimal(values.count)).rounded(scale: 4) }
        switch rule {
        case "pl-nbp":
            guard let table = S.nbpDays.last(where: { $0 < day }) else { return nil }
            // The business day before, by the Polish calendar: not held past the series' end.
            if table == S.nbpDays.last, InstitutionCalendar.poland.businessDay(before: day) > table { return nil }
            return (table, S.nbpMid(S.usd, table))
        case "ecb":
            guard let table = S.ecbDays.last(where: { $0 <= day }) else { return nil }
            return (table, 1 / S.ecbUSD(table))
        case "ca-boc":
            guard let table = S.bocDays.last(where: { $0 <= day }) else { return nil }
            return (table, S.bocMid(table))
        case "ca-boc-yearly":
            let held = S.bocDays.filter { $0.components.year == year }
            guard held.first! <= Day(year: year, month: 1, day: 4)!, S.bocDays.last! > Day(year: year, month: 12, day: 30)! else {
                return nil
            }
            return (held.last!, mean(held.map(S.bocMid)))
        case "uk-hmrc-monthly":
            let first = Day(year: year, month: month, day: 1)!
            guard S.hmrcDays.contains(first) else { return nil }
            return (first, 1 / S.hmrcUSD(first))
        case "uk-hmrc-yearly":
            let startYear = day >= Day(year: year, month: 4, day: 6)! ? year : year - 1
            let months = (0..<12).map { Day(year: startYear, month: 4, day: 1)!.addingMonths($0) }
            guard months.allSatisfy(S.hmrcDays.contains), S.hmrcDays.contains(months[0].addingMonths(12)) else { return nil }
            return (months.last!, 1 / mean(months.map(S.hmrcUSD)))
        case "us-treasury":
            let quarterStart = Day(year: year, month: (month - 1) / 3 * 3 + 1, day: 1)!
            guard let table = S.ustDays.last(where: { $0 <= day }), table >= quarterStart.adding(days: -1) else { return nil }
            return (table, 1 / S.ustEUR(table))
        default:
            Issue.record("no independent computation for \(rule)")
            return nil
        }
    }

    @Test(arguments: [
        ("pl-nbp", "USD", "PLN"), ("ecb", "USD", "EUR"), ("ca-boc", "USD", "CAD"), ("ca-boc-yearly", "USD", "CAD"),
        ("uk-hmrc-monthly", "USD", "GBP"), ("uk-hmrc-yearly", "USD", "GBP"), ("us-treasury", "EUR", "USD"),
    ])
    func everyRowAsTheSeriesSays(rule: String, from: String, to: String) async throws {
        let (header, rows, problems) = try await Self.statement(rule: rule, from: CurrencyCode(from)!, to: CurrencyCode(to)!)
        #expect(header == ["date", "amount", "rate", "rate_date", "source", "rule", "amount_\(to.lowercased())"])
        #expect(rows.count == Self.statementDays.count)
        var answered = 0, refused = 0
        for (index, day) in Self.statementDays.enumerated() {
            let row = rows[index]
            let amount = Decimal(string: row[1])!
            guard let (publication, rate) = Self.expected(rule, day) else {
                #expect(problems[index + 2] != nil, "\(rule) \(day): answered \(row), but the series has no such publication")
                #expect(row[2].isEmpty)
                refused += 1
                continue
            }
            #expect(problems[index + 2] == nil, "\(rule) \(day): \(problems[index + 2] ?? "")")
            #expect(row[3] == publication.description, "\(rule) \(day)")
            #expect(row[4] == RuleBook()[rule]!.source!.rawValue)
            #expect(row[5] == rule)
            #expect(Decimal(string: row[6]) == (amount * rate).rounded(scale: 2), "\(rule) \(day): \(row)")
            answered += 1
        }
        // Most rows answer; the rows past what is held (and before a period held whole) do not.
        #expect(answered > 200)
        #expect(refused > 0 || ["ecb", "ca-boc", "us-treasury"].contains(rule))
    }

    /// The statement converted under `rule`: header, rows, and each bad row's problem by line.
    static func statement(rule: String, from: CurrencyCode, to: CurrencyCode) async throws -> ([String], [[String]], [Int: String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("statement.csv").path
        var text = "date,amount\n"
        for (index, day) in statementDays.enumerated() { text += "\(day),\(1000 + index * 7).25\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let executor = executor(rule: rule)
        let request = CSVRequest(path: path, amount: .name("amount"), from: from, date: .name("date"), to: to)
        guard case .statement(let statement) = try await executor.execute(.csv(request)) else {
            Issue.record("not a statement")
            return ([], [], [:])
        }
        final class Collected: @unchecked Sendable {
            var bytes: [UInt8] = []
            var problems: [Int: String] = [:]
        }
        let collected = Collected()
        let sink = StatementSink(
            rows: { buffer throws(CSVFileProblem) in collected.bytes += buffer },
            problem: { line, problem in collected.problems[line] = "\(problem)" }, explain: nil)
        _ = try await statement.run(into: sink)
        let lines = String(decoding: collected.bytes, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return (lines.first ?? [], Array(lines.dropFirst()), collected.problems)
    }

    static func executor(rule: String) -> Executor {
        let clock = FixedClock(now)
        let sources = ["ecb", "hmrc", "ust", "nbp", "boc"].map { InstitutionSource(id: SourceID($0)) }
        let history = HistoryService(sources: sources, store: MemoryHistoryStore(), clock: clock)
        let service = RateService(sources: [FixedTableSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        return Executor(service: service, history: history, clock: clock, options: Executor.Options(rule: RuleName(rule)))
    }
}
