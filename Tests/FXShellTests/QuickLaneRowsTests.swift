import FXAnswers
@testable import FXEngine
import FXRates
import FXShell
import Foundation
import FXTestSupport
import Testing

/// The lane per currency (`QuickLane+Rows.swift`): a pair never asked is answered from the rows of
/// the fetch the general path would answer it from, and only then, byte for byte as it would.
@Suite struct QuickLaneRowsTests {
    /// The ECB first (USD, JPY, GBP), then a blend that has those too at other rates, and more:
    /// AED set by its peg (no institution), IDR coarse.
    static let sources: [any RateSource] = [FixedTableSource(), wideBlend]

    static func run(_ lines: [String], then more: [String] = [], advancing: TimeInterval = 0) async -> (ShellHarness, QuickLane) {
        let shell = ShellHarness(sources: sources, quickLane: true)
        let lane = shell.session.quickLane!
        _ = await Modes.script(ScriptedLines(lines), session: shell.session, failFast: false)
        shell.clock.advance(by: advancing)
        _ = await Modes.script(ScriptedLines(more), session: shell.session, failFast: false)
        return (shell, lane)
    }

    /// What the general path alone prints for the same lines.
    static func general(_ lines: [String]) async -> String {
        let shell = ShellHarness(sources: sources)
        _ = await Modes.script(ScriptedLines(lines), session: shell.session, failFast: false)
        return shell.out.text
    }

    @Test func answersPairsNeverAskedFromTheRowsOfTheFetchThatWouldAnswerThem() async {
        let lines = ["100 ngn chf", "250.5 kwd brl", "convert 1000 chf to ngn", "7 BRL in kwd", "0.01 ngn kwd"]
        let quick = await ShellHarness.quickMatchesGeneral(lines, sources: Self.sources)
        #expect(quick.session.quickLane?.answered == 4)
        #expect(quick.out.text.contains("250.500 KWD = "))
    }

    /// The ECB has USD and JPY: the general path answers from it, not from the blend's rows.
    @Test func leavesAPairAnEarlierSourceHasToTheGeneralPath() async {
        let lines = ["100 ngn chf", "100 usd jpy", "100 jpy gbp"]
        let (shell, lane) = await Self.run(Array(lines.prefix(2)))
        #expect(lane.answered == 0)
        // The ECB's rows now answer its own pairs.
        _ = await Modes.script(ScriptedLines(Array(lines.suffix(1))), session: shell.session, failFast: false)
        #expect(lane.answered == 1)
        #expect(shell.out.text == (await Self.general(lines)))
    }

    /// USD→AED is the peg's 3.6725, not the blend's rows divided; a coarse row warns each time.
    @Test func leavesPeggedAndCoarseRowsToTheGeneralPath() async {
        let lines = ["100 ngn chf", "100 usd aed", "100 aed ngn", "100 idr ngn", "200 ngn idr"]
        let quick = await ShellHarness.quickMatchesGeneral(lines, sources: Self.sources)
        #expect(quick.session.quickLane?.answered == 0)
        #expect(quick.out.text.contains("100.00 USD = 367.25 AED"))
    }

    @Test func forgetsTheRowsWhenTheirSourceAnswersFromAnotherFetch() async {
        let (shell, lane) = await Self.run(["100 ngn chf"])
        #expect(lane.tables.count == 1)
        let other = Provenance(
            source: wideBlend.id, sourceName: "Frankfurter", date: FixedTableSource.day,
            fetchedAt: ShellHarness.now.addingTimeInterval(5), origin: .network)
        lane.observe([other])
        _ = await Modes.script(ScriptedLines(["200 kwd brl"]), session: shell.session, failFast: false)
        #expect(lane.answered == 0)
    }

    @Test func asksTheGeneralPathAgainOnceTheirSecondIsOver() async {
        let (shell, lane) = await Self.run(["100 ngn chf"], then: ["200 kwd brl", "300 brl chf"], advancing: QuickLane.lifetime + 1)
        // The first line after expiry went the general way, and taught the rows again.
        #expect(lane.answered == 1)
        #expect(shell.out.text.split(separator: "\n").count == 3)
    }

    /// A source asked first known only by its cached table: any answer from it makes the lane forget.
    @Test func forgetsWhenASourceKnownOnlyFromTheCacheAnswers() async {
        let cached = CachedRates(source: .ecb, table: FixedTableSource.table, fetchedAt: ShellHarness.now, checkedAt: ShellHarness.now)
        let shell = ShellHarness(sources: Self.sources, cached: [cached], quickLane: true)
        let lane = shell.session.quickLane!
        _ = await Modes.script(ScriptedLines(["100 ngn chf", "200 kwd brl"]), session: shell.session, failFast: false)
        #expect(lane.answered == 1 && lane.watched == [.ecb])
        _ = await Modes.script(ScriptedLines(["100 usd jpy"]), session: shell.session, failFast: false)
        #expect(lane.watched.isEmpty)
    }

    /// A source asked first known only by a stale cached table: the next line it is asked may fetch
    /// another table with other currencies, so no rows are learnt beside it.
    @Test func learnsNoRowsBesideASourceThatMayBeFetchedAgain() async {
        let old = ShellHarness.now.addingTimeInterval(-4 * 86_400)
        let table = RateTable(base: .eur, date: Day(year: 2026, month: 10, day: 26)!, rates: FixedTableSource.table.rates)
        let cached = CachedRates(source: .ecb, table: table, fetchedAt: old, checkedAt: old)
        let shell = ShellHarness(sources: Self.sources, cached: [cached], quickLane: true)
        let lane = shell.session.quickLane!
        _ = await Modes.script(ScriptedLines(["100 ngn chf", "200 kwd brl"]), session: shell.session, failFast: false)
        #expect(lane.answered == 0 && lane.tables.count == 0)
    }

    /// A new name may read as a code: the rows are dropped, and learnt again from the next answer.
    @Test func dropsTheRowsWhenANameIsDefined() async {
        let (shell, lane) = await Self.run(["100 ngn chf", "rent = 5"])
        #expect(lane.tables.count == 0)
        _ = await Modes.script(ScriptedLines(["200 kwd brl", "300 brl chf"]), session: shell.session, failFast: false)
        #expect(lane.answered == 1 && lane.tables.count == 1)
    }

    /// A deterministic mix across both sources: every line printed as the general path prints it.
    @Test func printsExactlyWhatTheGeneralPathPrintsAcrossSources() async {
        var random = SplitMix(11)
        let codes = ["usd", "jpy", "gbp", "ngn", "chf", "kwd", "aed", "idr", "brl", "eur", "xyz", "Ngn", "CHF"]
        var lines: [String] = []
        for index in 0..<4_000 {
            let from = codes[random.next(codes.count)], to = codes[random.next(codes.count)]
            let amount = index % 7 == 0 ? "12.5" : String(random.next(1_000_000)) + "." + String(format: "%02d", random.next(100))
            lines.append(index % 501 == 0 ? "rate usd" : "convert \(amount) \(from) \(to)")
        }
        let quick = await ShellHarness.quickMatchesGeneral(lines, sources: Self.sources)
        #expect((quick.session.quickLane?.answered ?? 0) > 2_000)
    }
}

/// A blend beside the ECB: the ECB's currencies at other rates, and more.
private let wideBlend = BlendSource(
    table: RateTable(
        base: .eur, date: FixedTableSource.day,
        rates: [
            .usd: Decimal(exactly: "1.1169")!, CurrencyCode("JPY")!: Decimal(exactly: "175.12")!,
            CurrencyCode("GBP")!: Decimal(exactly: "0.8341")!, CurrencyCode("NGN")!: Decimal(exactly: "1650.25")!,
            CurrencyCode("CHF")!: Decimal(exactly: "0.9312")!, CurrencyCode("KWD")!: Decimal(exactly: "0.3421")!,
            CurrencyCode("BRL")!: Decimal(exactly: "6.2017")!, CurrencyCode("AED")!: Decimal(exactly: "4.1")!,
            CurrencyCode("IDR")!: Decimal(exactly: "18500")!,
        ],
        coarse: [CurrencyCode("IDR")!: 185],
        rowDates: [CurrencyCode("NGN")!: Day(year: 2026, month: 10, day: 29)!],
        contributors: [CurrencyCode("NGN")!: ["CBN"], CurrencyCode("CHF")!: ["SNB"], CurrencyCode("AED")!: []]))
