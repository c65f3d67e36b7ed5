import FXCommands
import FXRates
import Testing

private func isoDay(_ text: String) -> Day { Day(iso: text)! }

/// The date forms after `on`, `from` and `to`, and what each resolves to.
@Suite struct DateFormsTests {
    /// The date `rate usd jpy on <date>` reads.
    private func date(_ words: String) throws -> DateExpression? {
        guard case .rate(_, _, let on)? = try Parser().parse("rate usd jpy on " + words) else { return nil }
        return on
    }

    @Test(arguments: [
        ("1y ago", DateExpression.monthsAgo(12)), ("6m ago", .monthsAgo(6)), ("1 month ago", .monthsAgo(1)),
        ("2 years ago", .monthsAgo(24)),
        ("3 mo ago", .monthsAgo(3)), ("1 yr ago", .monthsAgo(12)), ("3d ago", .daysAgo(3)), ("2 weeks ago", .daysAgo(14)),
        ("2013/03/21", .day(isoDay("2013-03-21"))), ("2013/3/1", .day(isoDay("2013-03-01"))), ("21.03.2013", .day(isoDay("2013-03-21"))),
        ("1.3.2013", .day(isoDay("2013-03-01"))), ("2013.03.21", .day(isoDay("2013-03-21"))), ("2013-03-21", .day(isoDay("2013-03-21"))),
        ("last friday", .lastWeekday(5)), ("last Fri", .lastWeekday(5)), ("LAST MONDAY", .lastWeekday(1)), ("last sunday", .lastWeekday(7)),
        ("end of 2023", .day(isoDay("2023-12-31"))), ("end of march 2024", .day(isoDay("2024-03-31"))),
        ("end of feb 2024", .day(isoDay("2024-02-29"))), ("end of february 2023", .day(isoDay("2023-02-28"))),
        ("end of sept 2020", .day(isoDay("2020-09-30"))), ("today", .daysAgo(0)), ("yesterday", .daysAgo(1)),
    ])
    func aDateReads(words: String, expected: DateExpression) throws {
        #expect(try date(words) == expected)
    }

    @Test(arguments: [
        ("on 2013/02/30", "2013/02/30"), ("on 2013/03", "2013/03"),
        ("on 32.01.2013", "32.01.2013"), ("on last", "last"), ("on last weekend", "last"), ("on end", "end"), ("on end of", "end"),
        ("on end of march", "march"), ("on end of march 24", "24"), ("on end of 99999", "99999"), ("on end of smarch 2024", "smarch"),
        ("on 6m", "6m"), ("on 1 month", "1"),
    ])
    func aMalformedDateNamesItsWords(words: String, blamed: String) {
        #expect(usageError("rate usd jpy " + words)?.kind == .malformedDate(blamed))
    }

    @Test
    func theSlashedDateIsBlamedAsOneWord() {
        #expect(usageError("rate usd jpy on 2013/02/30") == UsageError(.malformedDate("2013/02/30"), span: 16..<26))
        #expect(usageError("rate usd jpy on 2013/03/21 x")?.kind == .unexpectedWord("x", command: "on"))
    }

    @Test
    func monthsAgoAreCalendarMonthsClampedToTheMonthsEnd() {
        #expect(DateExpression.monthsAgo(1).resolve(today: isoDay("2024-03-31")) == isoDay("2024-02-29"))
        #expect(DateExpression.monthsAgo(1).resolve(today: isoDay("2023-03-31")) == isoDay("2023-02-28"))
        #expect(DateExpression.monthsAgo(12).resolve(today: isoDay("2024-02-29")) == isoDay("2023-02-28"))
        #expect(DateExpression.monthsAgo(48).resolve(today: isoDay("2024-02-29")) == isoDay("2020-02-29"))
        #expect(DateExpression.monthsAgo(6).resolve(today: isoDay("2024-08-31")) == isoDay("2024-02-29"))
        #expect(DateExpression.monthsAgo(2).resolve(today: isoDay("2024-01-15")) == isoDay("2023-11-15"))
        #expect(DateExpression.monthsAgo(0).resolve(today: isoDay("2024-01-15")) == isoDay("2024-01-15"))
    }

    @Test
    func lastWeekdayIsStrictlyBeforeToday() {
        // 2026-10-30 is a Friday.
        let friday = isoDay("2026-10-30")
        #expect(friday.weekday == 5)
        #expect(DateExpression.lastWeekday(5).resolve(today: friday) == isoDay("2026-10-23"))
        #expect(DateExpression.lastWeekday(4).resolve(today: friday) == isoDay("2026-10-29"))
        #expect(DateExpression.lastWeekday(6).resolve(today: friday) == isoDay("2026-10-24"))
        #expect(DateExpression.lastWeekday(5).resolve(today: isoDay("2026-10-31")) == friday)
        #expect(DateExpression.lastWeekday(5).resolve(today: isoDay("2026-11-02")) == friday)
        #expect(DateExpression.lastWeekday(1).resolve(today: isoDay("2026-11-02")) == isoDay("2026-10-26"))
    }

    @Test
    func descriptionsReadAsTyped() {
        #expect(DateExpression.monthsAgo(6).description == "6m ago")
        #expect(DateExpression.monthsAgo(24).description == "2y ago")
        #expect(DateExpression.lastWeekday(5).description == "last friday")
        #expect(DateExpression.daysAgo(3).description == "3d ago")
    }

    @Test
    func historyRangesTakeTheNewFormsToo() throws {
        let parsed = try Parser().parse("history eur chf from 2015/01/01 to end of march 2015")
        #expect(
            parsed
                == .history(
                    HistoryQuery(
                        base: code("EUR"), quote: code("CHF"), range: .between(.day(isoDay("2015-01-01")), .day(isoDay("2015-03-31"))))))
        #expect(
            try Parser().parse("history eur chf 2015/01/01")
                == .history(HistoryQuery(base: code("EUR"), quote: code("CHF"), range: .between(.day(isoDay("2015-01-01")), nil))))
        #expect(
            try Parser().parse("history eur chf from 1y ago")
                == .history(HistoryQuery(base: code("EUR"), quote: code("CHF"), range: .between(.monthsAgo(12), nil))))
    }

    @Test
    func convertTakesThemAfterOn() throws {
        #expect(
            try Parser().parse("100 usd eur on last friday")
                == .convert(amount: Amount(dec("100"), scale: 0), from: code("USD"), to: [code("EUR")], on: .lastWeekday(5)))
    }

    /// `100 usd eur eur` converted to EUR twice.
    @Test
    func aTargetNamedTwiceCountsOnce() throws {
        #expect(try Parser().parse("100 usd eur eur") == convert("100", scale: 0, "USD", ["EUR"]))
        #expect(try Parser().parse("100 usd eur, gbp, EUR jpy gbp") == convert("100", scale: 0, "USD", ["EUR", "GBP", "JPY"]))
        #expect(try Parser().parse("rate usd jpy jpy eur") == .rate(base: code("USD"), quotes: [code("JPY"), code("EUR")]))
    }
}
