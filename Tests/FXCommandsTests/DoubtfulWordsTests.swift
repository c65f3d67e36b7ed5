import FXCommands
import FXRates
import Testing

/// Words fx used to read as something else (issue 34, item 14): an exponent's sign split the
/// amount (`1e-40` was "Malformed amount '1e'"), and an alias could take a currency's own name.
@Suite struct DoubtfulWordsTests {
    static func error(_ line: String) -> UsageError? {
        do {
            _ = try Parser().parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("1e-40 usd eur", "1e-40"), ("convert 1E+5 usd eur", "1E+5"), ("2.5e-3 usd in eur", "2.5e-3"), ("-1e-4 usd eur", "-1e-4"),
    ])
    func anExponentWithASignIsOneAmountRefusedWhole(line: String, word: String) throws {
        let error = try #require(Self.error(line))
        #expect(error.kind == .malformedAmount(word, hint: .exponent), "\(line)")
        let start = try #require(line.range(of: word)).lowerBound.utf16Offset(in: line)
        #expect(error.span == start..<(start + word.count))
    }

    @Test func aMinusBetweenNumbersIsStillASubtraction() {
        #expect(Tokenizer.tokenize("5e - 3").map(\.text) == ["5e", "-", "3"])
        #expect(Tokenizer.tokenize("10-3 usd").map(\.text) == ["10-3", "usd"])
        #expect(Tokenizer.tokenize("usd-3").map(\.text) == ["usd", "-", "3"])
        #expect(Tokenizer.tokenize("1e-40").map(\.text) == ["1e-40"])
    }

    @Test(arguments: [
        ("set alias euro usd", "EUR"), ("set alias Euros usd", "EUR"), ("set alias yen cny", "JPY"), ("set alias sterling usd", "GBP"),
    ])
    func anAliasMayNotTakeTheNameOfAnotherCurrency(line: String, owner: String) throws {
        let error = try #require(Self.error(line))
        let name = line.split(separator: " ")[2]
        #expect(error.kind == .badAlias(String(name), reason: .currencyName(code(owner))), "\(line)")
    }

    @Test func anAliasMayRepeatANameOrTakeASharedOne() throws {
        #expect(try Parser().parse("set alias euro eur") == .set(.alias("euro", code("EUR"))))
        // `buck` is several currencies' name: any may be chosen, with a note where it is read.
        #expect(try Parser().parse("set alias buck cad") == .set(.alias("buck", code("CAD"))))
        #expect(CurrencyAliases.problem(with: "euro", for: code("USD")) == .currencyName(code("EUR")))
        #expect(CurrencyAliases.problem(with: "greenback", for: code("USD")) == nil)
    }
}
