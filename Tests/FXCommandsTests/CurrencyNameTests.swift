@testable import FXCommands
import FXRates
import Testing

/// Names, plurals, symbols and their defaults (issue 24 §1): what each reads as, in any case.
@Suite("Currency names")
struct CurrencyNameTests {
    static func parse(_ line: String, home: String? = nil) throws -> Command? {
        var context = ParseContext()
        context.home = home.map(code)
        if home == "CAD" { context.symbols["$"] = code("CAD") }
        return try Parser(context: context).parse(line)
    }

    @Test(
        arguments: [
            ("100 dollars to euros", "100", "USD", ["EUR"]), ("100 euros to pounds", "100", "EUR", ["GBP"]),
            ("100 yen to dollars", "100", "JPY", ["USD"]), ("50 pounds in rupees", "50", "GBP", ["INR"]),
            ("100 swiss francs in eur", "100", "CHF", ["EUR"]), ("100 Swiss Francs in EUR", "100", "CHF", ["EUR"]),
            ("10 us dollar in yen", "10", "USD", ["JPY"]), ("1 POUND STERLING in euro", "1", "GBP", ["EUR"]),
            ("100 kronor in euros", "100", "SEK", ["EUR"]), ("3 pesos usd", "3", "MXN", ["USD"]),
            ("5 canadian dollars in us dollars", "5", "CAD", ["USD"]), ("1 franc in new zealand dollars", "1", "CHF", ["NZD"]),
            ("€100 to $", "100", "EUR", ["USD"]), ("100 € in £", "100", "EUR", ["GBP"]), ("¥1000 eur", "1000", "JPY", ["EUR"]),
            ("₩50,000 usd", "50000", "KRW", ["USD"]), ("R$ 10 eur", "10", "BRL", ["EUR"]), ("zł 10 eur", "10", "PLN", ["EUR"]),
            ("kr 100 eur", "100", "SEK", ["EUR"]), ("100 quid in dollars", "100", "GBP", ["USD"]),
            ("what is 100 usd in eur", "100", "USD", ["EUR"]), ("how much is 100 usd in eur", "100", "USD", ["EUR"]),
            ("100 usd in eur?", "100", "USD", ["EUR"]), ("What's 100 dollars in euros?", "100", "USD", ["EUR"]),
            ("convert 100 dollars to euros", "100", "USD", ["EUR"]), ("1 gold in usd", "1", "XAU", ["USD"]),
            ("1 oz gold in eur", "1", "XAU", ["EUR"]), ("2 troy ounces of silver in usd", "2", "XAG", ["USD"]),
            ("how many euros is 100 dollars", "100", "USD", ["EUR"]), ("how much is a dollar in euros", "1", "USD", ["EUR"]),
            ("100 dollars in euros please", "100", "USD", ["EUR"]),
        ] as [(String, String, String, [String])])
    func namesReadAsTheirCurrency(line: String, amount: String, from: String, to: [String]) throws {
        let command = try Self.parse(line)
        #expect(command == .convert(amount: Amount(dec(amount), scale: 0), from: code(from), to: to.map(code)), "\(line)")
    }

    @Test func anAmbiguousNameFollowsTheHomeCurrencyWhenItMayMeanIt() throws {
        #expect(try Self.parse("100 dollars eur", home: "CAD") == convert("100", scale: 0, "CAD", ["EUR"]))
        #expect(try Self.parse("100 dollars eur", home: "CHF") == convert("100", scale: 0, "USD", ["EUR"]))
        #expect(try Self.parse("100 francs eur", home: "XOF") == convert("100", scale: 0, "XOF", ["EUR"]))
        #expect(try Self.parse("100 kronor eur", home: "ISK") == convert("100", scale: 0, "ISK", ["EUR"]))
        #expect(try Self.parse("100 pounds eur", home: "EGP") == convert("100", scale: 0, "EGP", ["EUR"]))
    }

    @Test func tickersQuestionsAndRatesReadAsRates() throws {
        #expect(try Self.parse("eurusd") == .rate(base: code("EUR"), quotes: [code("USD")]))
        #expect(try Self.parse("exchange rate usd eur") == .rate(base: code("USD"), quotes: [code("EUR")]))
        #expect(try Self.parse("what is the exchange rate usd eur?") == .rate(base: code("USD"), quotes: [code("EUR")]))
        #expect(try Self.parse("rate eurusd") == .rate(base: code("EUR"), quotes: [code("USD")]))
        #expect(try Self.parse("rate dollars yen") == .rate(base: code("USD"), quotes: [code("JPY")]))
        #expect(try Self.parse("yen usd") == .rate(base: code("JPY"), quotes: [code("USD")]))
        #expect(try Self.parse("rate for usd to eur") == .rate(base: code("USD"), quotes: [code("EUR")]))
        #expect(try Self.parse("usd eur rate") == .rate(base: code("USD"), quotes: [code("EUR")]))
        #expect(try Self.parse("what is the usd to eur exchange rate?") == .rate(base: code("USD"), quotes: [code("EUR")]))
    }

    /// A parse without the columns its tokens came from: a word and its sign differ only there.
    static func shape(_ line: String) throws -> String {
        let text = String(describing: try parse(line))
        var result = "", skipping = false
        for piece in text.split(separator: "Token(", omittingEmptySubsequences: false) {
            if skipping, let close = piece.firstIndex(of: ")") {
                let inside = piece[..<close]
                result += "Token(" + (inside.split(separator: ",").first ?? "") + piece[close...]
            } else {
                result += piece
            }
            skipping = true
        }
        return result
    }

    @Test func feeWordsAndOperatorWordsReadAsTheirSigns() throws {
        let plain = try Self.parse("100 usd to eur + 2% fee")
        #expect(try Self.parse("100 usd to eur with 2% fee") == plain)
        #expect(try Self.parse("100 usd to eur plus 2% fee") == plain)
        #expect(try Self.parse("what is 100 usd to eur with a 2% fee") == plain)
        #expect(try Self.parse("100 usd in eur including 2% fee") == Self.parse("100 usd in eur + 2% fee"))
        #expect(try Self.parse("100 usd to eur minus 1% fee") == Self.parse("100 usd to eur - 1% fee"))
        #expect(try Self.shape("2 times 3 plus 4 minus 1") == Self.shape("2 * 3 + 4 - 1"))
        #expect(try Self.shape("10 divided by 4") == Self.shape("10 / 4"))
    }

    @Test func aVariableKeepsItsNameOverAWord() throws {
        var context = ParseContext()
        context.variables = ["plus", "gold", "usdeur"]
        let parser = Parser(context: context)
        guard case .calculate(let sum)? = try parser.parse("plus + 1") else { Issue.record("not a calculation"); return }
        guard case .chain(.name("plus", _), _) = sum.expression else { Issue.record("\(sum.expression)"); return }
        guard case .calculate(let gold)? = try parser.parse("gold * 2") else { Issue.record("not a calculation"); return }
        guard case .chain(.name("gold", _), _) = gold.expression else { Issue.record("\(gold.expression)"); return }
        guard case .calculate(let ticker)? = try parser.parse("usdeur") else { Issue.record("not a calculation"); return }
        guard case .name("usdeur", _) = ticker.expression else { Issue.record("\(ticker.expression)"); return }
    }

    @Test func gramsAndKilogramsAreTroyOunces() throws {
        guard case .calculate(let grams)? = try Self.parse("100 g silver in chf") else { Issue.record("not a calculation"); return }
        #expect(grams.targets == [code("CHF")])
        guard case .inCurrency(.chain(.amount(let hundred, nil), let links), let metal, _) = grams.expression else {
            Issue.record("\(grams.expression)")
            return
        }
        #expect(hundred.value == 100 && metal == code("XAG"))
        #expect(links.map(\.op) == [.divide])
        guard case .amount(let ounce, nil) = links[0].operand else { Issue.record("\(links)"); return }
        #expect(ounce.value == dec("31.1034768"))
        #expect(try Self.shape("1 kg gold in usd") == Self.shape("(1 * 1000 / 31.1034768) gold in usd"))
        #expect(try Self.shape("1kg gold in usd") == Self.shape("(1 * 1000 / 31.1034768) gold in usd"))
        #expect(try Self.shape("100g silver chf") == Self.shape("(100 / 31.1034768) silver chf"))
    }

    @Test func theParserSaysWhatItUnderstood() {
        #expect(Parser().understood("100 usd eur").isEmpty)
        #expect(
            Parser().understood("100 euros to dollars") == [
                .currency(word: "euros", code: code("EUR"), choice: .only),
                .currency(word: "dollars", code: code("USD"), choice: .fallback),
            ])
        var canadian = ParseContext()
        canadian.home = code("CAD")
        #expect(Parser(context: canadian).understood("100 dollars eur") == [.currency(word: "dollars", code: code("CAD"), choice: .home)])
        #expect(Parser().understood("¥1000 eur") == [.currency(word: "¥", code: code("JPY"), choice: .fallback)])
        #expect(Parser().understood("kr 100 eur") == [.currency(word: "kr", code: code("SEK"), choice: .fallback)])
        #expect(
            Parser().understood("1 oz gold in eur") == [
                .weight(word: "oz", troyOunce: true), .currency(word: "gold", code: code("XAU"), choice: .only),
            ])
        #expect(Parser().understood("100 g silver in chf").first == .weight(word: "g", troyOunce: false))
        #expect(Parser().understood("$100 eur").isEmpty)
    }

    @Test(
        arguments: [("yen", nil), ("of", nil), ("last", nil), ("yesterday", nil), ("dolars", "USD"), ("eurro", "EUR"), ("eux", "EUR")]
            as [(String, String?)])
    func suggestionsComeFromNamesAndNeverForKeywords(word: String, suggestion: String?) {
        let error = usageError("100 usd in \(word)")
        if word == "yen" {
            #expect(error == nil)
        } else if let suggestion {
            #expect(error?.kind == .unknownCurrency(word, suggestion: code(suggestion)), "\(word)")
        } else {
            // A date word at the end is read as a date, so the target is missing; either way no
            // currency is suggested for it.
            #expect(
                error?.kind == .unknownCurrency(word, suggestion: nil) || error?.kind == .missingTarget(after: "in"), "\(word)")
        }
    }

    @Test func noNameIsAKeywordOrACommand() {
        let names = Set(CurrencyNames.standard.allNames)
        let words = CalculatorGrammar.reservedNames.union(CommandTree().commands.flatMap(\.names))
        #expect(names.isDisjoint(with: words), "\(names.intersection(words))")
    }
}

/// TAB offers names where no code matches, each showing the code it means (`dol⇥`).
@Suite("Currency name completion")
struct CurrencyNameCompletionTests {
    @Test func aNameCompletesWithItsCode() {
        let completion = Completer().complete(line: "100 usd in dol", cursor: 14)
        #expect(completion.candidates.contains(Candidate("dollars", detail: "USD (US Dollar)")), "\(completion.candidates)")
        #expect(completion.commonPrefix == "dollar")
        var canadian = ParseContext()
        canadian.home = code("CAD")
        let home = Completer(context: canadian).complete(line: "100 dol", cursor: 7)
        #expect(home.candidates.contains(Candidate("dollars", detail: "CAD (Canadian Dollar)")), "\(home.candidates)")
    }

    @Test func aCodeThatMatchesKeepsTheCandidatesToCodes() {
        let completion = Completer().complete(line: "100 usd in eu", cursor: 13)
        #expect(completion.candidates.map(\.text) == ["EUR"])
    }
}

/// The crypto assets join the name table, and `sats` reads as an exact fraction of a bitcoin.
struct AssetNameTests {
    @Test func assetNamesAndSats() throws {
        #expect(Parser().understood("1 bitcoin in eur").first == .currency(word: "bitcoin", code: CurrencyCode("BTC")!, choice: .only))
        #expect(Parser().understood("2 ether in usd").first == .currency(word: "ether", code: CurrencyCode("ETH")!, choice: .only))
        let sats = Parser().understood("50000 sats in eur")
        #expect(sats.first == .unit(word: "sats", asset: CurrencyCode("BTC")!, perAsset: 100_000_000))
        guard case .calculate(let calculation)? = try Parser().parse("50000 sats in eur") else {
            Issue.record("not a calculation")
            return
        }
        #expect(calculation.targets == [CurrencyCode("EUR")!])
        #expect("\(calculation.expression)".contains("BTC"))
        #expect("\(calculation.expression)".contains("100000000"))
    }
}
