import FXCommands
import FXRates
import Testing

/// `watch` lines and conditions as the parser reads them.
@Suite("Parser: watch and conditions")
struct WatchGrammarTests {
    static func pair(_ base: String, _ quote: String) -> WatchRequest.Pair { WatchRequest.Pair(code(base), code(quote)) }
    static func condition(_ base: String, _ quote: String, _ comparison: Condition.Comparison, _ value: String, scale: Int = 0)
        -> Condition
    {
        Condition(base: code(base), quote: code(quote), comparison: comparison, threshold: Amount(dec(value), scale: scale))
    }

    static let watches: [(String, WatchRequest)] = [
        ("watch usd krw", WatchRequest(pairs: [pair("USD", "KRW")])),
        ("watch usd krw, eur jpy", WatchRequest(pairs: [pair("USD", "KRW"), pair("EUR", "JPY")])),
        ("watch usd/jpy,gbp to chf", WatchRequest(pairs: [pair("USD", "JPY"), pair("GBP", "CHF")])),
        ("watch usd jpy gbp", WatchRequest(pairs: [pair("USD", "JPY"), pair("USD", "GBP")])),
        ("watch usd jpy, usd jpy", WatchRequest(pairs: [pair("USD", "JPY")])),
        ("watch usd eur --every 30s", WatchRequest(pairs: [pair("USD", "EUR")], every: 30)),
        ("watch usd eur --every 2m --count 10", WatchRequest(pairs: [pair("USD", "EUR")], every: 120, count: 10)),
        ("watch usd eur --every 15", WatchRequest(pairs: [pair("USD", "EUR")], every: 15)),
        ("watch usd eur --count 3", WatchRequest(pairs: [pair("USD", "EUR")], count: 3)),
        (
            "watch usd krw --until usd krw > 1400",
            WatchRequest(pairs: [pair("USD", "KRW")], until: condition("USD", "KRW", .greater, "1400"))
        ),
        (
            "watch usd krw --count 5 --until 'usd krw >= 1,400.5'",
            WatchRequest(pairs: [pair("USD", "KRW")], count: 5, until: condition("USD", "KRW", .greaterOrEqual, "1400.5", scale: 1))
        ),
        (
            "watch usd krw --until \"eur usd<1.1\"",
            WatchRequest(pairs: [pair("USD", "KRW")], until: condition("EUR", "USD", .less, "1.1", scale: 1))
        ),
    ]

    @Test(arguments: watches)
    func watchReads(line: String, expected: WatchRequest) throws {
        #expect(try Parser().parse(line) == .watch(expected))
    }

    static let conditions: [(String, Condition)] = [
        ("usd krw > 1400", condition("USD", "KRW", .greater, "1400")),
        ("usd krw >= 1400", condition("USD", "KRW", .greaterOrEqual, "1400")),
        ("usd krw>=1400", condition("USD", "KRW", .greaterOrEqual, "1400")),
        ("usd krw < 1,400", condition("USD", "KRW", .less, "1400")),
        ("usd krw <= 1400.50", condition("USD", "KRW", .lessOrEqual, "1400.50", scale: 2)),
        ("usd krw = 1400", condition("USD", "KRW", .equal, "1400")),
        ("usd krw == 1400", condition("USD", "KRW", .equal, "1400")),
        ("usd krw != 1400", condition("USD", "KRW", .notEqual, "1400")),
        ("usd/krw > 1400", condition("USD", "KRW", .greater, "1400")),
        ("USD KRW > 1400 krw", condition("USD", "KRW", .greater, "1400")),
        ("'eur usd > 1.1'", condition("EUR", "USD", .greater, "1.1", scale: 1)),
        ("eur usd > 1.5k", condition("EUR", "USD", .greater, "1500", scale: 0)),
    ]

    @Test(arguments: conditions)
    func conditionReads(line: String, expected: Condition) throws {
        #expect(try Parser().parse(line) == .condition(expected))
    }

    /// Lines with `=` that are not conditions keep their meaning.
    @Test(arguments: ["rent = 1450 chf", "x = 2", "100 usd = eur"])
    func anAssignmentOrConversionIsNoCondition(line: String) throws {
        let command = try Parser().parse(line)
        if case .condition = command { Issue.record("\(line) read as a condition") }
    }

    @Test(arguments: [
        ("watch", WatchProblem.noPair),
        ("watch usd eur --every", .missingValue("--every")),
        ("watch usd eur --every soon", .interval("soon")),
        ("watch usd eur --every 0", .interval("0")),
        ("watch usd eur --every 999999999999", .intervalTooLong("999999999999")),
        ("watch usd eur --every 99999999999999999999999", .intervalTooLong("99999999999999999999999")),
        ("watch usd eur --every 999999w", .intervalTooLong("999999w")),
        ("watch usd eur --count 0", .count("0")),
        ("watch usd eur --count x", .count("x")),
        ("watch usd eur --fast", .unknownOption("--fast")),
        ("watch usd eur --until", .missingValue("--until")),
        ("watch usd eur --until usd", .notACondition("usd")),
    ])
    func watchRefuses(line: String, problem: WatchProblem) {
        #expect(usageError(line)?.kind == .watch(problem))
    }

    @Test
    func aPairNeedsTwoCurrencies() {
        #expect(usageError("watch usd")?.kind == .missingTarget(after: "usd"))
        #expect(usageError("watch usd usd")?.kind == .samePair(code("USD")))
        #expect(usageError("usd krw > abc")?.kind == .malformedAmount("abc", hint: nil))
        #expect(usageError("usd krw > 1400 jpy") != nil)
        #expect(usageError("usd krw >")?.kind == .missingAmount(command: "usd krw >"))
    }
}
