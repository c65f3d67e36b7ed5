import FXCommands
import FXRates
import Testing

/// `on <date>` after convert and rate, and the `history` command.
private func isoDay(_ text: String) -> Day { Day(iso: text)! }

@Suite("Parser: dates and history")
struct ParserDateAndHistoryTests {
    static let dated: [(String, Command)] = [
        ("rate usd jpy on 2020-03-13", .rate(base: code("USD"), quotes: [code("JPY")], on: .day(isoDay("2020-03-13")))),
        ("rate usd/jpy on yesterday", .rate(base: code("USD"), quotes: [code("JPY")], on: .daysAgo(1))),
        ("rate eur on today", .rate(base: code("EUR"), quotes: [], on: .daysAgo(0))),
        ("rate eur ON TODAY", .rate(base: code("EUR"), quotes: [], on: .daysAgo(0))),
        ("rate gbp usd, chf on 3d ago", .rate(base: code("GBP"), quotes: [code("USD"), code("CHF")], on: .daysAgo(3))),
        (
            "convert 100 usd eur on 2013-03-21",
            .convert(amount: Amount(dec("100"), scale: 0), from: code("USD"), to: [code("EUR")], on: .day(isoDay("2013-03-21")))
        ),
        (
            "100 usd in eur on 3 days ago",
            .convert(amount: Amount(dec("100"), scale: 0), from: code("USD"), to: [code("EUR")], on: .daysAgo(3))
        ),
        (
            "€5 gbp chf on 2w ago",
            .convert(amount: Amount(dec("5"), scale: 0), from: code("EUR"), to: [code("GBP"), code("CHF")], on: .daysAgo(14))
        ),
        (
            "convert 1 usd jpy at 2 weeks ago",
            .convert(amount: Amount(dec("1"), scale: 0), from: code("USD"), to: [code("JPY")], on: .daysAgo(14))
        ),
    ]

    @Test(arguments: dated)
    func datedLinesParse(line: String, expected: Command) throws {
        #expect(try Parser().parse(line) == expected)
    }

    static let histories: [(String, Command)] = [
        ("history", .log(.chart)),
        ("history --csv", .log(.csv)),
        ("hist --json", .log(.json)),
        ("history usd jpy", .history(HistoryQuery(base: code("USD"), quote: code("JPY"), range: .years(1)))),
        ("history usd/jpy 30d", .history(HistoryQuery(base: code("USD"), quote: code("JPY"), range: .days(30)))),
        ("history usd to jpy 2w", .history(HistoryQuery(base: code("USD"), quote: code("JPY"), range: .days(14)))),
        ("history gbp usd 6m --table", .history(HistoryQuery(base: code("GBP"), quote: code("USD"), range: .months(6), format: .table))),
        ("history gbp usd 6 months", .history(HistoryQuery(base: code("GBP"), quote: code("USD"), range: .months(6)))),
        ("history --csv usd jpy all", .history(HistoryQuery(base: code("USD"), quote: code("JPY"), range: .all, format: .csv))),
        ("history eur chf ytd --json", .history(HistoryQuery(base: code("EUR"), quote: code("CHF"), range: .yearToDate, format: .json))),
        (
            "history eur chf from 2015-01-01 to 2015-02-28",
            .history(
                HistoryQuery(base: code("EUR"), quote: code("CHF"), range: .between(.day(isoDay("2015-01-01")), .day(isoDay("2015-02-28"))))
            )
        ),
        (
            "history eur chf since 2015-01-01",
            .history(HistoryQuery(base: code("EUR"), quote: code("CHF"), range: .between(.day(isoDay("2015-01-01")), nil)))
        ),
        (
            "history eur chf 2015-01-01 to yesterday",
            .history(HistoryQuery(base: code("EUR"), quote: code("CHF"), range: .between(.day(isoDay("2015-01-01")), .daysAgo(1))))
        ),
        ("history usd jpy 1y", .history(HistoryQuery(base: code("USD"), quote: code("JPY"), range: .years(1)))),
    ]

    @Test(arguments: histories)
    func historyLinesParse(line: String, expected: Command) throws {
        #expect(try Parser().parse(line) == expected)
    }

    static let mistakes: [(String, UsageError.Kind)] = [
        ("rate usd jpy on", .missingDate(after: "on")),
        ("rate usd jpy on tuesday", .malformedDate("tuesday")),
        ("rate usd jpy on 2024-02-30", .malformedDate("2024-02-30")),
        ("rate usd jpy on 3d", .malformedDate("3d")),
        ("convert 100 usd eur on 2020-01-01 gbp", .unexpectedWord("gbp", command: "on")),
        ("history usd", .missingTarget(after: "usd")),
        ("history usd usd", .samePair(code("USD"))),
        ("history usd jpy 10x", .malformedRange("10x")),
        ("history usd jpy 0d", .malformedRange("0d")),
        ("history usd jpy from", .missingDate(after: "from")),
        ("history usd jpy from soon", .malformedDate("soon")),
        ("history usd jpy 1y 2y", .unexpectedWord("2y", command: "history")),
        ("history usd jpy --pdf", .unknownOption("--pdf", suggestion: nil)),
        ("history usd jpy --ledgr", .unknownOption("--ledgr", suggestion: "--ledger")),
    ]

    @Test(arguments: mistakes)
    func mistakesNameTheWord(line: String, kind: UsageError.Kind) {
        #expect(usageError(line)?.kind == kind)
    }

    @Test
    func rangesResolveAgainstToday() {
        let today = isoDay("2026-03-31")
        let earliest = isoDay("1999-01-04")
        #expect(HistoryRange.days(30).days(today: today, earliest: earliest) == isoDay("2026-03-01")...today)
        #expect(HistoryRange.months(1).days(today: today, earliest: earliest) == isoDay("2026-02-28")...today)
        #expect(HistoryRange.years(1).days(today: isoDay("2024-02-29"), earliest: earliest) == isoDay("2023-02-28")...isoDay("2024-02-29"))
        #expect(HistoryRange.yearToDate.days(today: today, earliest: earliest) == isoDay("2026-01-01")...today)
        #expect(HistoryRange.all.days(today: today, earliest: earliest) == earliest...today)
        // Reversed ends are put in order rather than refused.
        #expect(HistoryRange.between(.day(today), .daysAgo(10)).days(today: today, earliest: earliest) == isoDay("2026-03-21")...today)
        #expect(DateExpression.daysAgo(1).resolve(today: isoDay("2026-03-01")) == isoDay("2026-02-28"))
    }
}

@Suite("Parser: sources")
struct ParserSourcesTests {
    static let context = ParseContext(sourceIDs: [.ecb], allSourceIDs: [.ecb, .frankfurter, SourceID("boc")])

    static let lines: [(String, Command)] = [
        ("sources", .sources(.list)),
        ("sources enable boc", .sources(.enable(SourceID("boc")))),
        ("sources disable ECB", .sources(.disable(.ecb))),
        ("source off frankfurter", .sources(.disable(.frankfurter))),
        ("sources order boc ecb", .sources(.order([SourceID("boc"), .ecb]))),
        ("sources order boc, ecb", .sources(.order([SourceID("boc"), .ecb]))),
        ("sources compare usd jpy", .sources(.compare(code("USD"), code("JPY")))),
        ("sources compare usd/jpy", .sources(.compare(code("USD"), code("JPY")))),
        ("sources compare usd cad on 2024-03-01", .sources(.compare(code("USD"), code("CAD"), on: .day(isoDay("2024-03-01"))))),
        ("sources compare usd/cad on yesterday", .sources(.compare(code("USD"), code("CAD"), on: .daysAgo(1)))),
    ]

    @Test(arguments: lines)
    func sourcesLinesParse(line: String, expected: Command) throws {
        #expect(try Parser(context: Self.context).parse(line) == expected)
    }

    static let mistakes: [(String, UsageError.Kind)] = [
        ("sources enable", .missingSource(after: "enable")),
        ("sources enable xyz", .unknownSource("xyz", known: [.ecb, .frankfurter, SourceID("boc")])),
        ("sources order", .missingSource(after: "order")),
        ("sources compare usd", .missingTarget(after: "usd")),
        ("sources compare usd usd", .samePair(code("USD"))),
        ("sources compare usd cad on", .missingDate(after: "on")),
        ("sources list", .unexpectedWord("list", command: "sources")),
        ("sources enable ecb boc", .unexpectedWord("boc", command: "sources")),
    ]

    @Test(arguments: mistakes)
    func mistake(line: String, kind: UsageError.Kind) {
        #expect(usageError(line, parser: Parser(context: Self.context))?.kind == kind)
    }
}
