import FXAnswers
import FXCommands
import FXRates
import FXRender
import FXShell
import FXTestSupport
import Foundation
import Testing

/// A source answering with one fixed ECB-style table (EUR per unit), for calculator lines.
struct CalculatorTableSource: RateSource {
    static let rates: [String: String] = [
        "USD": "1.1172", "JPY": "175.68", "GBP": "0.8338", "CHF": "0.9194", "CAD": "1.5606", "INR": "98.12", "KRW": "1590.5",
    ]
    static let table = RateTable(
        base: .eur, date: FixedTableSource.day,
        rates: Dictionary(uniqueKeysWithValues: rates.map { (CurrencyCode($0.key)!, Decimal(exactly: $0.value)!) }))

    let id = SourceID.ecb
    let name = "European Central Bank"
    func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome { .fetched(Self.table, Validators()) }
    func nextPublication(after day: Day) -> Date { day.startUTC + 86_400 + 15 * 3600 }
}

/// One session over that table, with a configuration file, a conversion log and its output captured.
final class CalculatorHarness {
    let out = StringOutput()
    let err = StringOutput()
    let log = MemoryConversionLog()
    let directory = makeTemporaryDirectory("fx-calc")
    let session: Session
    var configPath: String { directory.appendingPathComponent("config.json").path }

    init(json: Bool = false) {
        let clock = FixedClock(ShellHarness.now)
        let service = RateService(
            sources: [CalculatorTableSource()], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        let executor = Executor(
            service: service, log: log, config: ConfigEditor(path: directory.appendingPathComponent("config.json").path),
            clock: clock)
        session = Session(
            parser: Parser(), executor: executor, clock: clock,
            presentation: Session.Presentation(json: json, style: Style(color: false), forPerson: false),
            out: out, err: err, log: log)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs a line and returns what it printed on stdout.
    func run(_ line: String) async -> (result: Session.LineResult, printed: String) {
        let before = out.text.count
        let result = await session.run(line)
        return (result, String(out.text.dropFirst(before)))
    }

    /// Runs a line in JSON mode and returns its (first) answer, as `jsonAnswer` reads it.
    func object(_ line: String) async throws -> [String: Any] {
        let printed = await run(line).printed
        return try #require(jsonAnswer(printed), "\(line): \(printed)")
    }
}

/// Calculator lines evaluated through a session on a fixed table. Every expected figure is worked
/// out here from the table's rates (EUR per unit) with Decimal arithmetic, and rounded half away
/// from zero by `NSDecimalRound`, not taken from fx.
@Suite struct CalculatorSessionTests {
    /// Units of `code` per euro.
    static func perEuro(_ code: String) -> Decimal { code == "EUR" ? 1 : Decimal(exactly: CalculatorTableSource.rates[code]!)! }

    /// `amount` of `from` in `to`, through the euro.
    static func converted(_ amount: Decimal, _ from: String, _ to: String) -> Decimal { amount * perEuro(to) / perEuro(from) }

    static func rounded(_ value: Decimal, _ scale: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, scale, .plain)
        return output
    }

    static func money(_ value: Decimal, _ scale: Int = 2) -> String { DecimalFormat.fixed(rounded(value, scale), fractionDigits: scale) }

    static func d(_ text: String) -> Decimal { Decimal(exactly: text)! }

    // MARK: - Results of the examples

    @Test func sumsConvertEachTermAndRoundOnce() async throws {
        let fx = CalculatorHarness(json: true)
        let cases: [(String, String, String)] = [
            ("100 usd + 20 eur in gbp", Self.money(Self.converted(100, "USD", "GBP") + Self.converted(20, "EUR", "GBP")), "GBP"),
            (
                "1.2k eur + 300 gbp - 15% in usd",
                Self.money((Self.converted(1200, "EUR", "USD") + Self.converted(300, "GBP", "USD")) * Self.d("0.85")), "USD"
            ),
            ("3 * 12.50 eur", "37.50", "EUR"),
            ("(1450 chf - 200 chf) / 3 in eur", Self.money(Decimal(1250) / (3 * Self.perEuro("CHF"))), "EUR"),
            ("120 usd * 1.077", "129.24", "USD"),
            (
                "2 * (30 eur + 12 gbp) in jpy",
                Self.money(2 * (Self.converted(30, "EUR", "JPY") + Self.converted(12, "GBP", "JPY")), 0), "JPY"
            ),
            ("200 usd + 15%", "230.00", "USD"),
            ("200 usd - 2.5%", "195.00", "USD"),
            ("15% of 200 usd", "30.00", "USD"),
            ("100 usd + 20 eur", Self.money(100 + Self.converted(20, "EUR", "USD")), "USD"),
            (
                "1.234,56 eur + 1'234.50 chf in usd",
                Self.money(Self.converted(Self.d("1234.56"), "EUR", "USD") + Self.converted(Self.d("1234.5"), "CHF", "USD")), "USD"
            ),
            ("₩12만 + 3억 krw in usd", Self.money(Self.converted(300_120_000, "KRW", "USD")), "USD"),
            ("1.5 lakh inr + 2 crore inr + 1,00,000 inr in eur", Self.money(Self.converted(20_250_000, "INR", "EUR")), "EUR"),
            ("5万 jpy + 1_000 usd in gbp", Self.money(Self.converted(50000, "JPY", "GBP") + Self.converted(1000, "USD", "GBP")), "GBP"),
            ("1 234,56 € in jpy", Self.money(Self.converted(Self.d("1234.56"), "EUR", "JPY"), 0), "JPY"),
        ]
        for (line, result, currency) in cases {
            let object = try await fx.object(line)
            #expect(object["result"] as? String == result, "\(line)")
            // A single amount and its target is a plain conversion, whose object names the target `to`.
            #expect((object["currency"] ?? object["to"]) as? String == currency, "\(line)")
        }
        #expect(fx.err.text == "")
    }

    @Test func plainNumbersStayNumbers() async throws {
        let fx = CalculatorHarness(json: true)
        let product = try await fx.object("17.5 * 3")
        #expect(product["result"] as? String == "52.5")
        #expect(product["currency"] is NSNull)
        // Division keeps 38 significant digits.
        #expect(try await fx.object("1 / 3")["result"] as? String == "0." + String(repeating: "3", count: 38))
    }

    @Test func aShareOfAnotherAmountIsInPercent() async throws {
        let fx = CalculatorHarness(json: true)
        let object = try await fx.object("200 usd as % of 180 eur")
        #expect(object["result"] as? String == Self.money(Self.converted(200, "USD", "EUR") / 180 * 100))
        #expect(object["unit"] as? String == "percent")
    }

    @Test func aFeeShowsConversionFeeAndTotalThatAddUp() async throws {
        let fx = CalculatorHarness()
        // 500 × 1.1172 = 558.6; × 1.025 = 572.565, a tie, rounded away from zero.
        let subtotal = Self.rounded(500 * Self.perEuro("USD"), 2)
        let total = Self.rounded(500 * Self.perEuro("USD") * Self.d("1.025"), 2)
        let printed = await fx.run("500 eur in usd + 2.5% fee").printed
        #expect(
            printed == """
                500.00 EUR = \(Self.money(subtotal)) USD
                fee 2.5% = \(Self.money(total - subtotal)) USD
                total = \(Self.money(total)) USD

                """)
        #expect(Self.money(total) == "572.57")
    }

    @Test func aFeeInJSONHasSubtotalAndAmount() async throws {
        let fx = CalculatorHarness(json: true)
        let object = try await fx.object("500 eur in usd + 2.5% fee")
        let fee = try #require(object["fee"] as? [String: Any])
        #expect(fee["subtotal"] as? String == "558.60")
        #expect(fee["amount"] as? String == "13.97")
        #expect(fee["percent"] as? String == "2.5")
        #expect(object["result"] as? String == "572.57")
        let fixed = try await fx.object("500 eur in usd + 5 usd fee")
        #expect(fixed["result"] as? String == Self.money(500 * Self.perEuro("USD") + 5))
        let deducted = try await fx.object("500 eur in usd - 1% fee")
        #expect(deducted["result"] as? String == Self.money(500 * Self.perEuro("USD") * Self.d("0.99")))
    }

    @Test func aRateOfYourOwnIsComparedWithTheReference() async throws {
        let fx = CalculatorHarness()
        let deviation = (Self.d("1.0712") - Self.perEuro("USD")) / Self.perEuro("USD") * 100
        #expect(deviation < 0)
        for line in ["500 eur in usd at 1.0712", "500 eur in usd at 1.0712 eur/usd"] {
            let printed = await fx.run(line).printed
            #expect(printed.hasPrefix("500.00 EUR = 535.60 USD\n"), "\(line): \(printed)")
            #expect(printed.contains("\(Self.money(-deviation))% below it"), "\(line): \(printed)")
        }
        // The pair is 1 EUR = 1.0712 USD in a USD → EUR line too (`eur/usd` as `rate eur/usd` means it).
        let json = CalculatorHarness(json: true)
        #expect(try await json.object("500 usd in eur at 1.0712 eur/usd")["result"] as? String == Self.money(500 / Self.d("1.0712")))
    }

    @Test func theReverseQuestionSaysWhatBuysTheAmount() async throws {
        let fx = CalculatorHarness(json: true)
        let needed = Decimal(500) / Self.perEuro("USD")
        #expect(try await fx.object("eur for 500 usd")["result"] as? String == Self.money(needed))
        let withFee = try await fx.object("500 usd from eur + 2% fee")
        #expect(withFee["result"] as? String == Self.money(needed * Self.d("1.02")))
        let fee = try #require(withFee["fee"] as? [String: Any])
        #expect(fee["subtotal"] as? String == Self.money(needed))
        #expect(fee["amount"] as? String == Self.money(Self.rounded(needed * Self.d("1.02"), 2) - Self.rounded(needed, 2)))
    }

    @Test func tiesRoundHalfAwayFromZero() async throws {
        let fx = CalculatorHarness(json: true)
        #expect(try await fx.object("1.005 usd + 1 usd")["result"] as? String == "2.01")
        #expect(try await fx.object("-1.005 usd - 1 usd")["result"] as? String == "-2.01")
        #expect(try await fx.object("1 eur in jpy at 100.5")["result"] as? String == "101")
        #expect(try await fx.object("-1 eur in jpy at 100.5")["result"] as? String == "-101")
    }

    @Test func overflowAndDivisionByZeroAreErrorsNotNumbers() async {
        let fx = CalculatorHarness()
        let nines = String(repeating: "9", count: 38)
        let huge = Array(repeating: nines, count: 5).joined(separator: " * ")
        #expect(await fx.run(huge + " usd").result == .failed(2))
        #expect(await fx.run("1 usd / 0").result == .failed(2))
        #expect(fx.out.text == "")
        #expect(fx.err.text.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2)
    }

    /// Issue 23: past 38 digits a product, a sum or a conversion is the overflow error, never
    /// Decimal's rounded figure (`…356,000.00 USD` for the exact `…356,505,661.35`).
    @Test func digitsPast38AreAnErrorNotARoundedNumber() async {
        let fx = CalculatorHarness()
        let lines = [
            "12345678901234567890123.45 usd * 12345678901234567890.123",
            "12345678901234567890123.45 * 12345678901234567890.123",
            // 38 digits and a cent: 40.
            "99999999999999999999999 usd * 1000000000000000 + 0.01 usd",
            "99999999999999999999999 usd * 100000000000000000 in jpy",
            "(99999999999999999999999 usd * 100000000000000000 + 10%) in jpy",
            // A quotient's 38 digits that stop above the cents.
            "99999999999999999999999 usd * 100000000000000000 * (1 / 3)",
        ]
        for line in lines {
            #expect(await fx.run(line).result == .failed(2), "\(line)")
        }
        #expect(fx.out.text == "")
        #expect(fx.err.text.components(separatedBy: "beyond the 38 exact digits").count == lines.count + 1)
        // A quotient already at 38 digits keeps 38 in what it makes.
        #expect(await fx.run("1 / 3 + 5").result == .ok)
        #expect(fx.out.text == "1 / 3 + 5 = 5.3333333333333333333333333333333333333\n")
        // At the edge the answer is still exact to the cent: 10^37 ÷ 7 to 39 digits.
        #expect(await fx.run("99999999999999999999999 usd * 100000000000000 / 7").result == .ok)
        #expect(fx.out.text.contains("= 1,428,571,428,571,428,571,428,557,142,857,142,857.14 USD"))
    }

    // MARK: - Usage errors that say why

    @Test func mixingPlainNumbersAndMoneyIsAUsageError() async {
        let fx = CalculatorHarness()
        #expect(await fx.run("100 + 20 eur").result == .failed(2))
        #expect(fx.err.text.contains("plain number"))
        #expect(await fx.run("2 eur * 3 usd").result == .failed(2))
        #expect(fx.err.text.contains("multiply money by money"))
        #expect(fx.out.text == "")
    }

    @Test func reservedNamesAreRefused() async {
        let fx = CalculatorHarness()
        for line in ["usd = 5", "ans = 5", "in = 5", "vars = 2", "convert = 1"] {
            #expect(await fx.run(line).result == .failed(2), "\(line)")
        }
        let lines = fx.err.text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].contains("'usd' is a currency"))
        #expect(lines.dropFirst().allSatisfy { $0.contains("name the variable otherwise") }, "\(lines)")
        #expect(await fx.run("vars").printed.hasPrefix("no variables yet"))
    }

    // MARK: - JSON

    @Test func expressionsInJSONHaveTermsWithDecimalsAsStrings() async throws {
        let fx = CalculatorHarness(json: true)
        let object = try await fx.object("100 usd + 20 eur in gbp")
        #expect(Set(object.keys) == ["schema_version", "expression", "result", "currency", "terms"])
        #expect((object["expression"] as? String)?.hasPrefix("100 usd + 20 eur") == true)
        let terms = try #require(object["terms"] as? [[String: Any]])
        #expect(terms.map { $0["from"] as? String } == ["USD", "EUR"])
        #expect(terms.map { $0["amount"] as? String } == ["100", "20"])
        for term in terms {
            #expect(Set(term.keys) == ["amount", "from", "rate", "converted", "as_of", "source"])
            #expect(term.values.allSatisfy { $0 is String }, "\(term)")
            #expect(term["source"] as? String == "ecb")
            #expect(term["as_of"] as? String == "2026-10-30")
        }
        #expect(terms[1]["rate"] as? String == "0.8338")
        // Each term converted, unrounded; the result is their sum rounded once.
        let converted = terms.compactMap { ($0["converted"] as? String).flatMap(Decimal.init(exactly:)) }
        #expect(converted.count == 2)
        #expect(Self.money(converted.reduce(0, +)) == object["result"] as? String)
        #expect(converted[1] == Self.converted(20, "EUR", "GBP"))
    }

    // MARK: - Preferences

    @Test func homeAndTargetsChangeBareAmountsAndTickersAndAreKept() async throws {
        let fx = CalculatorHarness()
        #expect(await fx.run("100 usd").result == .failed(2))
        #expect(await fx.run("set home chf").result == .ok)
        #expect(await fx.run("100 usd").printed == "100.00 USD = \(Self.money(Self.converted(100, "USD", "CHF"))) CHF\n")
        #expect(await fx.run("usd").printed.hasPrefix("1 USD = \(DecimalFormat.rate(Self.converted(1, "USD", "CHF"))) CHF"))
        // A bare number is in the home currency.
        #expect(await fx.run("100 in usd").printed == "100.00 CHF = \(Self.money(Self.converted(100, "CHF", "USD"))) USD\n")
        #expect(await fx.run("set targets eur gbp jpy").result == .ok)
        let converted = await fx.run("100 usd").printed.split(separator: "\n")
        #expect(converted.count == 3)
        #expect(converted.map { $0.split(separator: " ").last.map(String.init) } == ["EUR", "GBP", "JPY"])
        #expect(
            converted[2]
                == "100.00 USD = \(DecimalFormat.fixed(Self.rounded(Self.converted(100, "USD", "JPY"), 0), fractionDigits: 0, grouping: true)) JPY"
        )
        let ticker = await fx.run("usd").printed.split(separator: "\n")
        #expect(ticker.map { $0.split(separator: " ")[4] } == ["EUR", "GBP", "JPY"])
        let settings = await fx.run("settings").printed
        #expect(settings.contains("home") && settings.contains("CHF"))
        #expect(settings.contains("EUR GBP JPY"))
        let config = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fx.configPath))) as? [String: Any])
        #expect(config["home"] as? String == "CHF")
        #expect(config["targets"] as? [String] == ["EUR", "GBP", "JPY"])
        #expect(await fx.run("set targets none").result == .ok)
        #expect(await fx.run("100 usd").printed.hasSuffix(" CHF\n"))
    }

    @Test func settingsNotSetAreNullInJSON() async throws {
        let fx = CalculatorHarness(json: true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(await fx.run("settings").printed.utf8)) as? [String: Any])
        let object = ["settings": try #require(document["settings"] as? [String: Any])]
        #expect(object["settings"]?["home"] is NSNull && object["settings"]?["targets"] is NSNull)
        #expect(object["settings"]?["number_format"] as? String == "en")
    }

    @Test func dollarFollowsADollarHome() async throws {
        let fx = CalculatorHarness(json: true)
        #expect(try await fx.object("$5 in eur")["from"] as? String == "USD")
        _ = await fx.run("set home cad")
        let object = try await fx.object("$5 in eur")
        #expect(object["from"] as? String == "CAD")
        #expect(object["result"] as? String == Self.money(Self.converted(5, "CAD", "EUR")))
        let sum = try await fx.object("$5 + 2 usd in eur")
        #expect((sum["terms"] as? [[String: Any]])?.compactMap { $0["from"] as? String } == ["CAD", "USD"])
        _ = await fx.run("set home chf")
        #expect(try await fx.object("$5 in eur")["from"] as? String == "USD")
    }

    /// `set number_format de` reads `1.234,56` as 1234.56 and answers in that format; JSON does not change.
    @Test func aNumberFormatReadsAndWritesItsNumbers() async throws {
        let fx = CalculatorHarness()
        _ = await fx.run("set number_format de")
        let expected = Self.rounded(Self.converted(Decimal(string: "1234.56")!, "EUR", "USD"), 2)
        let english = DecimalFormat.fixed(expected, fractionDigits: 2, grouping: true)
        let german = english.replacingOccurrences(of: ",", with: "_").replacingOccurrences(of: ".", with: ",")
            .replacingOccurrences(of: "_", with: ".")
        #expect(await fx.run("1.234,56 eur in usd").printed == "1.234,56 EUR = \(german) USD\n")
        let json = CalculatorHarness(json: true)
        _ = await json.run("set number_format de")
        #expect(try await json.object("1.234,56 eur usd")["result"] as? String == DecimalFormat.fixed(expected, fractionDigits: 2))
    }

    // MARK: - Variables and ans

    @Test func variablesAndAnsLiveAcrossLines() async throws {
        let fx = CalculatorHarness()
        #expect(await fx.run("rent = 1450 chf").result == .ok)
        let yearly = Self.rounded(Self.converted(1450 * 12, "CHF", "EUR"), 2)
        #expect(
            await fx.run("rent * 12 in eur").printed.contains("= \(DecimalFormat.fixed(yearly, fractionDigits: 2, grouping: true)) EUR"))
        // `ans` is the last result as shown (rounded to the cent).
        #expect(await fx.run("ans").printed.contains(DecimalFormat.fixed(yearly, fractionDigits: 2, grouping: true) + " EUR"))
        #expect(await fx.run("ans * 2").printed.contains(DecimalFormat.fixed(yearly * 2, fractionDigits: 2, grouping: true) + " EUR"))
        #expect(await fx.run("trip = 300 usd + 120 eur").result == .ok)
        let vars = await fx.run("vars").printed
        #expect(vars.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == ["rent", "trip"])
        #expect(vars.contains("1,450.00 CHF"))
        #expect(await fx.run("rnt * 2").result == .failed(2))
        #expect(fx.err.text.contains("'rent'"))
    }

    // MARK: - The conversion log

    @Test func expressionsAreLoggedForBareHistory() async throws {
        let fx = CalculatorHarness()
        let result = Self.money(Self.converted(100, "USD", "GBP") + Self.converted(20, "EUR", "GBP"))
        _ = await fx.run("100 usd + 20 eur in gbp")
        _ = await fx.run("500 eur in usd + 2.5% fee")
        let entries = fx.log.entries()
        #expect(entries.map(\.line) == ["100 usd + 20 eur in gbp", "500 eur in usd + 2.5% fee"])
        #expect(entries.map(\.result) == ["\(result) GBP", "572.57 USD"])
        let history = await fx.run("history").printed
        #expect(history.contains("100 usd + 20 eur in gbp"))
        #expect(history.contains("\(result) GBP"))
    }
}
