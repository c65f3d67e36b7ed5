import FXAnswers
import FXCommands
import FXEngine
import FXRates
import FXRender
import FXTestSupport
import Foundation
import Testing

/// Price files and averages said for what they are (issue 32 §3c, §3d): a monthly or quarterly
/// series is not headed as daily rates, monthly means under a rule are not headed as the rule's
/// rates, and an average over part of a period says so, or is refused without `partial`.
struct RulePeriodTests {
    typealias S = InstitutionSeries

    static func executor(rule: String? = nil, source: String? = nil) -> Executor {
        let clock = FixedClock(RuleStatementTests.now)
        let sources = ["ecb", "hmrc", "ust", "nbp", "boc"].map { InstitutionSource(id: SourceID($0)) }
        let history = HistoryService(sources: sources, store: MemoryHistoryStore(), clock: clock)
        let service = RateService(sources: [FixedTableSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        return Executor(
            service: service, history: history, clock: clock,
            options: Executor.Options(source: source.map(SourceID.init), rule: rule.map(RuleName.init)))
    }

    /// The first line of the price file `line` writes.
    static func header(_ line: String, rule: String? = nil, source: String? = nil) async throws -> String {
        let outcome = try await executor(rule: rule, source: source).execute(try #require(try Parser().parse(line)))
        let text = try #require(TextRenderer(style: Style(color: false), showProvenance: true).render(outcome, now: RuleStatementTests.now))
        return String(text.prefix { $0 != "\n" })
    }

    @Test func aMonthlySeriesIsHeadedMonthly() async throws {
        let header = try await Self.header("history usd gbp 2025 --ledger", source: "hmrc")
        #expect(header == "; HMRC fixture monthly rates, USD/GBP, 2025-01-01 to 2025-12-01 (fx)", "\(header)")
        let quarterly = try await Self.header("history usd eur 2025 --ledger", source: "ust")
        #expect(quarterly.hasPrefix("; UST fixture quarterly rates, USD/EUR, "), "\(quarterly)")
        let daily = try await Self.header("history usd eur 2025 --ledger", source: "ecb")
        #expect(daily.hasPrefix("; ECB fixture daily reference rates, USD/EUR, "), "\(daily)")
    }

    /// Under a rule, `--monthly` writes each month's mean of the rule's rates: headed so, not as
    /// the rule's own rates dated the day a transaction takes them.
    @Test func monthlyMeansUnderARuleAreHeadedAsMeans() async throws {
        let header = try await Self.header("history usd pln 2024 --ledger --monthly", rule: "pl-nbp")
        #expect(
            header.hasPrefix(
                "; rule pl-nbp: NBP table A, the publication of the business day before; monthly means of those rates, "
                    + "each dated the month's first day, USD/PLN, "), "\(header)")
        let daily = try await Self.header("history usd pln 2024 --ledger", rule: "pl-nbp")
        #expect(
            daily.hasPrefix(
                "; rule pl-nbp: NBP table A, the publication of the business day before, each rate dated the first day a transaction takes it, USD/PLN, "
            ), "\(daily)")
    }

    /// HMRC's rates are held to 2026-02: tax year 2025-26 lacks March 2026.
    @Test func anAverageOverPartOfAPeriodIsRefusedWithoutPartial() async throws {
        let command = try #require(try Parser().parse("rate usd gbp avg tax-year 2025"))
        do throws(Failure) {
            _ = try await Self.executor(rule: "uk-hmrc-monthly").execute(command)
            Issue.record("answered")
        } catch {
            let text = Messages.text(for: error)
            #expect(
                text
                    == "Not the whole of tax year 2025-26: the HMRC monthly exchange rates held are only 11 monthly rates of it, "
                    + "2025-04 to 2026-02. Add partial after the period (or --partial) to average those.", "\(text)")
        }
    }

    @Test(arguments: ["rate usd gbp avg tax-year 2025 partial", "rate usd gbp avg tax-year 2025 --partial"])
    func partialAveragesWhatIsHeldAndSaysSo(line: String) async throws {
        let outcome = try await Self.executor(rule: "uk-hmrc-monthly").execute(try #require(try Parser().parse(line)))
        guard case .rates(let listing) = outcome else {
            Issue.record("not rates: \(outcome)")
            return
        }
        let quote = listing.quotes[0]
        let months = (0..<11).map { Day(iso: "2025-04-01")!.addingMonths($0) }
        #expect(quote.rate == 1 / (months.map(S.hmrcUSD).reduce(0, +) / 11).rounded(scale: 4))
        #expect(
            quote.provenance.rule?.basis == "the mean of the 11 monthly rates held, 2025-04 to 2026-02, not the whole of tax year 2025-26")
    }

    /// The calculator's `avg … partial` under a rule, as `rate … avg … partial`.
    @Test func aConversionAtAPartialAverage() async throws {
        let outcome = try await Self.executor(rule: "ca-boc-yearly").execute(
            try #require(try Parser().parse("convert 100 usd cad avg 2026 partial")))
        let text = try #require(TextRenderer(style: Style(color: false), showProvenance: true).render(outcome, now: RuleStatementTests.now))
        let held = S.bocDays.filter { $0.components.year == 2026 }
        let mean = (held.map(S.bocMid).reduce(0, +) / Decimal(held.count)).rounded(scale: 4)
        #expect(text.contains("= \(DecimalFormat.fixed(100 * mean, fractionDigits: 2)) CAD"), "\(text)")
        #expect(
            text.contains("the mean of the \(held.count) publications held, \(held.first!) to \(held.last!), not the whole of 2026"),
            "\(text)")
    }
}
