@testable import FXCommands
import FXRates
import Testing

private func isoDay(_ text: String) -> Day { Day(iso: text)! }

/// The phrasings people tried from outside and were refused (issue 33 §7): number words,
/// `worth`, `an ounce of`, names with their country, `cfa francs`, named days, `at the end of`,
/// and an amount after its pair.
@Suite struct PhrasingFromOutsideTests {
    private func parse(_ line: String, context: ParseContext = ParseContext()) throws -> (Command?, [Understood]) {
        var understood: [Understood] = []
        let command = try Parser(context: context).parse(line, understood: &understood)
        return (command, understood)
    }

    @Test(
        arguments: [
            ("fifty quid to yen", "50", 0, "GBP", ["JPY"]), ("a hundred dollars in euros", "100", 0, "USD", ["EUR"]),
            ("twenty-five euros in usd", "25", 0, "EUR", ["USD"]), ("twenty five euros in usd", "25", 0, "EUR", ["USD"]),
            ("half a million yen in usd", "500000", 0, "JPY", ["USD"]), ("half a bitcoin in usd", "0.5", 1, "BTC", ["USD"]),
            ("one hundred and five pounds in euros", "105", 0, "GBP", ["EUR"]), ("fifteen hundred usd to eur", "1500", 0, "USD", ["EUR"]),
            ("two thousand five hundred dollars in euros", "2500", 0, "USD", ["EUR"]),
            ("a million won in usd", "1000000", 0, "KRW", ["USD"]),
            ("three and a half thousand usd in eur", "3500", 0, "USD", ["EUR"]), ("ninety-nine EUR in usd", "99", 0, "EUR", ["USD"]),
            ("what is fifty quid in dollars", "50", 0, "GBP", ["USD"]), ("convert twenty dollars to euros", "20", 0, "USD", ["EUR"]),
            ("what's 1 btc worth in gbp", "1", 0, "BTC", ["GBP"]), ("what’s 1 btc worth in gbp?", "1", 0, "BTC", ["GBP"]),
            ("how much are 100 dollars worth in euros", "100", 0, "USD", ["EUR"]),
            ("how much is an ounce of gold in euros", "1", 0, "XAU", ["EUR"]), ("a troy ounce of silver in usd", "1", 0, "XAG", ["USD"]),
            ("100 swedish kronor in eur", "100", 0, "SEK", ["EUR"]), ("100 norwegian kroner in eur", "100", 0, "NOK", ["EUR"]),
            ("100 danish kroner in eur", "100", 0, "DKK", ["EUR"]), ("100 Swedish Krona in eur", "100", 0, "SEK", ["EUR"]),
            ("100 icelandic kronur in eur", "100", 0, "ISK", ["EUR"]), ("100 eur in cfa francs", "100", 0, "EUR", ["XOF", "XAF"]),
            ("100 eur to cfa", "100", 0, "EUR", ["XOF", "XAF"]), ("usd→jpy 1.5k", "1500", 0, "USD", ["JPY"]),
            ("usd->jpy 1.5k", "1500", 0, "USD", ["JPY"]), ("usd -> jpy 250", "250", 0, "USD", ["JPY"]),
            ("usd jpy 100", "100", 0, "USD", ["JPY"]),
            ("dollars to yen 20", "20", 0, "USD", ["JPY"]),
        ] as [(String, String, Int, String, [String])])
    func aPhrasingReadsAsItsConversion(line: String, amount: String, scale: Int, from: String, to: [String]) throws {
        let (command, _) = try parse(line)
        #expect(command == .convert(amount: Amount(dec(amount), scale: scale), from: code(from), to: to.map(code)), "\(line)")
    }

    @Test func numberWordsAndSharedNamesAreSaidBack() throws {
        #expect(try parse("fifty quid to yen").1.contains(.number(words: "fifty", value: 50)))
        #expect(try parse("twenty-five euros in usd").1.contains(.number(words: "twenty-five", value: 25)))
        #expect(try parse("half a million yen in usd").1.contains(.number(words: "half a million", value: 500_000)))
        #expect(try parse("how much is an ounce of gold in euros").1.contains(.number(words: "an", value: 1)))
        let cfa = try parse("100 eur in cfa francs").1
        #expect(cfa == [.currencies(word: "cfa francs", codes: [code("XOF"), code("XAF")])])
        #expect(cfa.allSatisfy { $0.isAmbiguous })
        // A number is said by the answer's own amount: no note.
        #expect(!Understood.number(words: "fifty", value: 50).isAmbiguous)
    }

    @Test func cfaFrancsAsTheAmountsCurrencyAskWhich() throws {
        let codes = [code("XOF"), code("XAF")]
        #expect(usageError("100 cfa francs in eur")?.kind == .eitherCurrency("cfa francs", codes: codes))
        #expect(usageError("rate cfa francs eur")?.kind == .eitherCurrency("cfa francs", codes: codes))
        // The full ISO names still read as one each.
        #expect(try parse("100 cfa franc bceao in eur").0 == convert("100", scale: 0, "XOF", ["EUR"]))
        #expect(try parse("100 cfa franc beac in eur").0 == convert("100", scale: 0, "XAF", ["EUR"]))
    }

    @Test(arguments: [
        ("100 usd in eur on march 3rd 2024", DateExpression.written(isoDay("2024-03-03"), "march 3rd 2024")),
        ("100 usd in eur on christmas 2024", .written(isoDay("2024-12-25"), "christmas 2024")),
        ("100 usd in eur on Christmas Eve 2023", .written(isoDay("2023-12-24"), "Christmas Eve 2023")),
        ("100 usd in eur on boxing day 2022", .written(isoDay("2022-12-26"), "boxing day 2022")),
        ("100 usd in eur on new year's eve 2023", .written(isoDay("2023-12-31"), "new year's eve 2023")),
        ("100 usd in eur on new year’s day 2024", .written(isoDay("2024-01-01"), "new year’s day 2024")),
        ("100 usd in eur on christmas", .monthDay(month: 12, day: 25)),
        ("100 usd in eur at the end of 2024", .day(isoDay("2024-12-31"))),
        ("100 usd in eur at the end of march 2024", .day(isoDay("2024-03-31"))),
        ("fifty dollars in euros on christmas 2024", .written(isoDay("2024-12-25"), "christmas 2024")),
        ("100 usd in eur three days ago", .daysAgo(3)),
    ])
    func namedDaysAndOrdinalsReadAsTheirDay(line: String, date: DateExpression) throws {
        guard case .convert(_, _, _, let on)? = try parse(line).0 else {
            Issue.record("\(line) is no conversion")
            return
        }
        #expect(on == date, "\(line)")
    }

    @Test func wordsThatAreNoNumberHereStay() throws {
        // A variable named as a number word is the variable.
        var context = ParseContext()
        context.variables = ["fifty"]
        #expect(try parse("fifty + 1 usd", context: context).1.isEmpty)
        // Number words before no currency are not an amount: the grammar says what it misses.
        #expect(usageError("fifty") != nil)
        #expect(usageError("five five usd in eur") != nil)
        // `a dollar` stays the phrasing's one.
        #expect(try parse("a dollar in euros").0 == convert("1", scale: 0, "USD", ["EUR"]))
        // A rate's line is not reordered, nor another command's.
        #expect(try parse("rate usd jpy").0 == .rate(base: code("USD"), quotes: [code("JPY")]))
        for line in ["watch usd jpy 5", "set targets usd eur 5", "history usd jpy 30"] {
            let tokens = Tokenizer.tokenize(line)
            #expect(Phrasing.normalize(tokens, context: ParseContext(), tree: CommandTree()) == tokens, "\(line)")
        }
    }

    @Test(arguments: [
        ("fifty", "50", 1), ("twenty five", "25", 2), ("a hundred", "100", 2), ("one hundred and five", "105", 4),
        ("two thousand five hundred", "2500", 4), ("half a million", "500000", 3), ("a thousand and one", "1001", 4),
        ("nineteen", "19", 1), ("ninety nine thousand nine hundred ninety nine", "99999", 7), ("zero", "0", 1),
        ("three and a half million", "3500000", 5), ("twenty twenty", "20", 1), ("five five", "5", 1),
        ("one hundred and", "100", 2), ("a thousand thousand", "1000", 2),
    ])
    func numberWordsReadAsTheirValue(words: String, value: String, count: Int) throws {
        let read = try #require(NumberWords.read(words.split(separator: " ").map(String.init)))
        #expect(read.value == dec(value), "\(words)")
        #expect(read.count == count, "\(words)")
    }

    @Test func tabAfterNumberWordsOffersCurrencies() {
        let candidates = { (line: String) in Completer().complete(line: line, cursor: line.count).candidates.map(\.text) }
        #expect(candidates("fifty qu").contains("quid"))
        #expect(candidates("twenty-five eu").contains("EUR"))
        #expect(candidates("a hundred ").contains("USD"))
        // Words that are no number offer nothing.
        #expect(candidates("five five ").isEmpty)
        #expect(candidates("fifty days ").isEmpty)
    }

    @Test func wordsThatStartNoNumber() {
        #expect(NumberWords.read(["a", "dollar"]) == nil)
        #expect(NumberWords.read(["hundred"]) == nil)
        #expect(NumberWords.read(["and", "five"]) == nil)
        #expect(NumberWords.read(["half"]) == nil)
    }
}

/// How `csv` reads a statement's dates without `--date-format` (issue 33 §6), on the dates alone.
@Suite struct DateInferenceTests {
    private func verdict(_ dates: [String], order: DateOrder = .ask) -> DateInference.Verdict? {
        var inference = DateInference(order: order)
        for (offset, date) in dates.enumerated() {
            if let verdict = inference.read(date, line: offset + 2) { return verdict }
        }
        return inference.end()
    }

    @Test(arguments: [
        ("2024-03-01", "%Y-%m-%d"), ("2024-03-01T10:00:00", "%Y-%m-%d"), ("2024/3/1", "%Y/%m/%d"), ("2024.03.01", "%Y.%m.%d"),
        ("01.03.2024", "%d.%m.%Y"), ("1.3.24", "%d.%m.%y"), ("01.03.2024 10:00", "%d.%m.%Y"), ("01-Mar-2024", "%d-%b-%Y"),
        ("1 March 2024", "%d %b %Y"), (" 01.03.2024 ", "%d.%m.%Y"),
    ])
    func aDateShowsItsFormat(date: String, format: String) {
        guard case .format(let found, _)? = verdict([date]) else {
            Issue.record("\(date): no format")
            return
        }
        #expect(found == format, "\(date)")
        #expect(DayFormat(found)?.day(DateInference.datePart(date)) != nil, "\(date)")
    }

    @Test func slashDatesTakeTheOrderTheFileProves() {
        #expect(
            verdict(["1/3/2024", "", "13/3/2024"])
                == .format("%d/%m/%Y", InferredDates(format: "%d/%m/%Y", example: "1/3/2024", proof: (text: "13/3/2024", line: 4))))
        #expect(verdict(["03/01/2024", "03/13/2024"])?.format == "%m/%d/%Y")
        #expect(verdict(["1-3-2024", "1-13-2024"])?.format == "%m-%d-%Y")
        #expect(verdict(["1/3/24", "13/3/24"])?.format == "%d/%m/%y")
        // Told the order, the file is not asked; dates that read one way either way round need nothing.
        #expect(verdict(["1/3/2024"], order: .dmy) == .format("%d/%m/%Y", nil))
        #expect(verdict(["1/3/2024"], order: .mdy) == .format("%m/%d/%Y", nil))
        #expect(verdict(["1/1/2024", "2/2/2024"]) == .format("%d/%m/%Y", nil))
    }

    @Test func datesThatReadBothWaysAreAmbiguous() {
        #expect(
            verdict(["1/1/2024", "1/3/2024", "4/3/2024"])
                == .ambiguous("1/3/2024", dayFirst: Day(iso: "2024-03-01")!, monthFirst: Day(iso: "2024-01-03")!))
        // Not a date fx reads without a format: ISO, and each row says what is wrong.
        #expect(verdict(["someday", "1/3/2024"]) == .format("%Y-%m-%d", nil))
        #expect(verdict([]) == nil)
    }
}

extension DateInference.Verdict {
    fileprivate var format: String? {
        if case .format(let format, _) = self { return format }
        return nil
    }
}
