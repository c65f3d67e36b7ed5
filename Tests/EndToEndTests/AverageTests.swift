import FXTestSupport
import Foundation
import Testing

/// `rate … avg` and `history --monthly` against means computed apart from fx: Python's exact
/// fractions over the ECB's own CSV, rounded half away from zero to 10 decimal places.
@Suite struct AverageTests {
    /// Prints `mean count min max` for BASE QUOTE FIRST LAST, each an exact fraction rounded.
    static let oracle = #"""
        import csv, sys
        from fractions import Fraction
        from decimal import Decimal, ROUND_HALF_UP
        path, base, quote, first, last = sys.argv[1:6]
        rows = list(csv.reader(open(path)))
        header = rows[0]
        def rate(row, code):
            if code == "EUR": return Fraction(1)
            value = row[header.index(code)]
            return None if value in ("", "N/A") else Fraction(value)
        rates = []
        for row in rows[1:]:
            if row and first <= row[0] <= last:
                b, q = rate(row, base), rate(row, quote)
                if b is not None and q is not None: rates.append(q / b)
        def rounded(f):
            return str((Decimal(f.numerator) / Decimal(f.denominator)).quantize(Decimal("1e-10"), rounding=ROUND_HALF_UP))
        import decimal
        decimal.getcontext().prec = 60
        print(rounded(sum(rates) / len(rates)), len(rates), rounded(min(rates)), rounded(max(rates)))
        """#

    static func expected(_ rig: BooksRig, _ base: String, _ quote: String, _ first: String, _ last: String) throws -> [String] {
        try rig.run("python3", ["-c", oracle, BooksRig.csvPath, base, quote, first, last])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// A decimal string as an exact value, so `0.92` and `0.9200` compare equal.
    func exact(_ value: Any?) -> Decimal? {
        (value as? String).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    static func json(_ text: String) throws -> [String: Any] {
        jsonAnswer(text)!
    }

    @Test(arguments: [
        (["usd", "eur", "avg", "2024"], "USD", "EUR", "2024-01-01", "2024-12-31"),
        (["usd", "jpy", "avg", "2024-03"], "USD", "JPY", "2024-03-01", "2024-03-31"),
        (["gbp", "chf", "avg", "q1", "2024"], "GBP", "CHF", "2024-01-01", "2024-03-31"),
        (["eur", "usd", "avg", "from", "2024-01-15", "to", "2024-02-15"], "EUR", "USD", "2024-01-15", "2024-02-15"),
        (["usd", "idr", "avg", "2019"], "USD", "IDR", "2019-01-01", "2019-12-31"),
    ])
    func averageEqualsAnIndependentMean(words: [String], base: String, quote: String, first: String, last: String) throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let answer = try Self.json(try rig.fx(["--json", "rate"] + words))
        let expected = try Self.expected(rig, base, quote, first, last)
        #expect(exact(answer["mean"]) == exact(expected[0]))
        #expect(answer["count"] as? Int == Int(expected[1]))
        #expect(exact((answer["min"] as? [String: Any])?["rate"]) == exact(expected[2]))
        #expect(exact((answer["max"] as? [String: Any])?["rate"]) == exact(expected[3]))
        let text = try rig.fx(["rate"] + words)
        #expect(text.contains("\(expected[1]) daily European Central Bank reference rates"), "\(text)")
        #expect(text.contains("arithmetic mean"))
    }

    @Test func monthlyHistoryEqualsIndependentMeans() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let csv = try rig.fx(["history", "usd", "jpy", "from", "2024-01-01", "to", "2024-03-31", "--monthly", "--csv"])
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.map { $0[0] } == ["2024-01", "2024-02", "2024-03"])
        for (row, (first, last)) in zip(rows, [("2024-01-01", "2024-01-31"), ("2024-02-01", "2024-02-29"), ("2024-03-01", "2024-03-31")]) {
            let expected = try Self.expected(rig, "USD", "JPY", first, last)
            #expect(row[4...6].map(exact) == [expected[0], expected[2], expected[3]].map(exact))
            #expect(row[7] == expected[1])
        }
        let yearly = try Self.json(try rig.fx(["--json", "history", "usd", "jpy", "from", "2023-01-01", "to", "2024-12-31", "--yearly"]))
        let periods = yearly["periods"] as? [[String: Any]] ?? []
        #expect(periods.map { $0["period"] as? String } == ["2023", "2024"])
        #expect(exact(periods.last?["mean"]) == exact(try Self.expected(rig, "USD", "JPY", "2024-01-01", "2024-12-31")[0]))
    }

    @Test func endOfYearIsTheYearsLastPublication() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let answer = try Self.json(try rig.fx(["--json", "rate", "usd", "eur", "on", "end", "of", "2023"]))
        // 2023-12-31 was a Sunday: the answer is Friday 29 December's publication.
        #expect(answer["as_of"] as? String == "2023-12-29")
        #expect(answer["requested_date"] as? String == "2023-12-31")
    }

    @Test func previousBusinessDayRuleTakesThePublicationBefore() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        // Monday 2024-03-04 was published; the rule takes Friday 2024-03-01's instead.
        let plain = try Self.json(try rig.fx(["--json", "rate", "usd", "eur", "on", "2024-03-04"]))
        #expect(plain["as_of"] as? String == "2024-03-04")
        let ruled = try Self.json(try rig.fx(["--rule", "previous-business-day", "--json", "rate", "usd", "eur", "on", "2024-03-04"]))
        #expect(ruled["as_of"] as? String == "2024-03-01")
        // The day asked and the rule that moved it are said; no note calls 2024-03-04 a day without rates.
        #expect(ruled["requested_date"] as? String == "2024-03-04")
        #expect(ruled["rule"] as? String == "previous-business-day")
        // Piped, the day that answered is said on stderr, as the default rule's substituted day is (issue 24 §2.8).
        let converted = try rig.fx.run(["--offline", "--rule", "previous-business-day", "convert", "100", "usd", "eur", "on", "2024-03-05"])
        #expect(converted.stdout == "100.00 USD = 92.20 EUR\n")
        #expect(
            converted.stderr == "note: the rates of 2024-03-04 answered 2024-03-05 (rule previous-business-day: the publication before)\n")
        #expect(converted.status == 0)
    }

    /// `set rule` keeps the convention for every later run and script line; `--rule` overrides it
    /// for one run. `set explain on` explains every conversion, the fast lane's included.
    @Test func theRuleAndExplainSettingsHoldAcrossRunsAndLines() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let set = try rig.fx(["set", "rule", "previous-business-day"])
        #expect(set.hasPrefix("dated questions now answered by the rule previous-business-day; kept in "))
        let ruled = try Self.json(try rig.fx(["--json", "rate", "usd", "eur", "on", "2024-03-04"]))
        #expect(ruled["as_of"] as? String == "2024-03-01")
        let overridden = try Self.json(try rig.fx(["--rule", "on-or-before", "--json", "rate", "usd", "eur", "on", "2024-03-04"]))
        #expect(overridden["as_of"] as? String == "2024-03-04")
        #expect(try rig.fx(["settings"]).contains("rule           previous-business-day"))

        // A script: the setting read from the config, changed mid-way, and explanations switched on.
        let lines =
            ["convert 100 usd eur on 2024-03-05", "set rule on-or-before", "convert 100 usd eur on 2024-03-05", "set explain on"]
            + Array(repeating: "convert 100 usd eur", count: 3)
        let script = try rig.fx.run(["--offline"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(script.status == 0, "\(script.stderr)")
        let answers = script.stdout.split(separator: "\n").filter { $0.hasPrefix("100.00 USD") }
        #expect(answers.count == 5)
        #expect(answers.first == "100.00 USD = 92.20 EUR")  // 2024-03-04's rate, the day before
        #expect(answers.dropFirst().first == "100.00 USD = 92.17 EUR")  // 2024-03-05's own
        #expect(script.stderr.components(separatedBy: "explain: 100 USD in EUR").count - 1 == 3, "\(script.stderr)")
        // Kept for the next run.
        let explained = try rig.fx.run(["--offline", "convert", "100", "usd", "eur", "on", "2024-03-05"])
        #expect(explained.stderr.contains("USD per EUR = "), "\(explained.stderr)")
        #expect(try rig.fx(["set", "explain", "off"]).hasPrefix("conversions no longer explained"))
        #expect(try rig.fx.run(["--offline", "convert", "100", "usd", "eur", "on", "2024-03-05"]).stderr.isEmpty)
    }

    @Test func convertAtAPeriodsMean() throws {
        let rig = try BooksRig()
        defer { rig.fx.cleanUp() }
        let mean = try #require(exact(try Self.expected(rig, "USD", "EUR", "2024-01-01", "2024-12-31")[0]))
        let answer = try Self.json(try rig.fx(["--json", "convert", "1200", "usd", "eur", "avg", "2024"]))
        // 1200 × 0.9241278580… = 1108.953…
        #expect(answer["result"] as? String == "1108.95")
        #expect(mean * 1200 > Decimal(string: "1108.945")! && mean * 1200 < Decimal(string: "1108.955")!)
        #expect(answer["average_of"] as? String == "2024")
        // In text too, whoever reads it: a mean is the rate of no single day.
        let text = try rig.fx(["convert", "1200", "usd", "eur", "avg", "2024"])
        #expect(text.hasSuffix("1,108.95 EUR\nat the mean of the daily reference rates of 2024\n"))
    }
}
