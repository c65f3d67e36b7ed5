import FXCommands
import FXRates
import Testing

/// Dates by the strftime subset, and amounts as CSV fields write them.
@Suite struct CSVFieldTests {
    static func day(_ format: String, _ text: String) -> String? {
        DayFormat(format)?.day(text)?.description
    }

    @Test func dateFormatsReadExactCalendarDays() {
        #expect(Self.day("%Y-%m-%d", "2024-02-29") == "2024-02-29")
        #expect(Self.day("%Y-%m-%d", "2023-02-29") == nil)
        #expect(Self.day("%d.%m.%Y", "1.3.2024") == "2024-03-01")
        #expect(Self.day("%m/%d/%Y", "12/31/1999") == "1999-12-31")
        #expect(Self.day("%Y%m%d", "20240301") == "2024-03-01")
        #expect(Self.day("%d %b %Y", "05 Mar 2024") == "2024-03-05")
        #expect(Self.day("%d-%b-%y", "05-March-99") == "1999-03-05")
        #expect(Self.day("%Y-%m-%d", "2024-03-01T23:59:59+02:00") == "2024-03-01")
        #expect(Self.day("%Y-%m-%d", "2024-03-01x") == nil)
        #expect(Self.day("%d.%m.%Y", "2024-03-01") == nil)
    }

    @Test func formatsWithoutADayOrWithUnknownDirectivesAreRefused() {
        #expect(DayFormat("%Y-%m") == nil)
        #expect(DayFormat("%Q-%m-%d") == nil)
    }

    static func amount(_ text: String, _ format: NumberFormat? = nil) -> String {
        var copy = text
        let result = copy.withUTF8 { FieldAmount.read($0, format: format, context: ParseContext()) }
        switch result {
        case .success(let reading): return "\(reading.value)" + (reading.currency.map { " \($0)" } ?? "")
        case .failure(let problem): return "\(problem)"
        }
    }

    @Test func amountsReadAsTheyAreWritten() {
        #expect(Self.amount("-12.50") == "-12.5")
        #expect(Self.amount("(12.50)") == "-12.5")
        #expect(Self.amount("1.234,56") == "1234.56")
        #expect(Self.amount("12,5") == "12.5")
        #expect(Self.amount("$12.50") == "12.5 USD")
        #expect(Self.amount("12,50 €") == "12.5 EUR")
        #expect(Self.amount("1,234", .german) == "1.234")
        #expect(Self.amount("1,234", .english) == "1234")
        #expect(Self.amount("1,234") == "ambiguous")
        #expect(Self.amount("") == "empty")
        #expect(Self.amount("abc") == "malformed")
    }

    @Test func plainAmountsAreReadAsPartsOrLeftToTheFullReader() {
        func parts(_ text: String, _ format: NumberFormat? = nil) -> String {
            var copy = text
            guard let read = copy.withUTF8({ FieldAmount.plainParts($0, format: format) }) else { return "nil" }
            return "\(read.negative ? "-" : "")\(read.mantissa)e\(read.exponent)"
        }
        #expect(parts("100") == "100e0")
        #expect(parts("-12.50") == "-1250e-2")
        #expect(parts("-0.00") == "0e-2")
        #expect(parts("0.5") == "5e-1")
        #expect(parts("123456789012345678") == "123456789012345678e0")
        #expect(parts("1234567890123456789") == "nil")
        #expect(parts("1.234") == "nil")
        #expect(parts("1.234", .english) == "1234e-3")
        for text in ["", "-", "1.", ".5", "1.2.3", "1,5", " 1", "1e5", "+1"] { #expect(parts(text) == "nil") }
    }

    @Test func csvCommandReadsItsOptions() throws {
        let command = try Parser().parse(
            "csv data/s.csv --amount \"Amount (USD)\" --from usd --date 1 --to eur --fee 1.75% --delimiter ; --date-format %m/%d/%Y --rule previous-business-day -o out.csv --fail-fast"
        )
        var expected = CSVRequest(
            path: "data/s.csv", amount: .name("Amount (USD)"), from: .usd, date: .number(1), to: .eur, feePercent: Decimal(exactly: "1.75"),
            delimiter: UInt8(ascii: ";"), dateFormat: "%m/%d/%Y", rule: .previousBusinessDay, output: "out.csv", failFast: true)
        expected.numberFormat = nil
        #expect(command == .csv(expected))
    }

    @Test func csvCommandRefusesWhatItCannotRead() {
        for line in [
            "csv", "csv s.csv --date 1 --to eur", "csv s.csv --amount 1 --date 1", "csv s.csv --amount 1 --date 1 --to eur --bogus x",
            "csv s.csv --amount 1 --date 1 --to eur --fee lots", "csv s.csv --amount 1 --currency 2 --from usd --date 1 --to eur",
            "csv s.csv --amount 1 --date 1 --to eur --date-format %Y", "csv s.csv --amount",
        ] {
            #expect(throws: UsageError.self, "\(line)") { try Parser().parse(line) }
        }
    }
}

/// §2.5 of issue 24: a statement's amounts read as the prompt reads them (one reader for both).
@Suite struct CSVFieldAsPromptTests {
    @Test(arguments: [
        ("SEK 33.91", "33.91 SEK"), ("USD12.50", "12.5 USD"), ("€ 12,50", "12.5 EUR"), ("R$ 10,00", "10 BRL"),
        ("zł 10", "10 PLN"), ("(53) CAD", "-53 CAD"), ("(12.50) $", "-12.5 USD"), ("($12.50)", "-12.5 USD"),
        ("12.50 usd", "12.5 USD"), ("-12,50 €", "-12.5 EUR"), ("1 234,56 €", "1234.56 EUR"), ("kr 100", "100 SEK"),
    ])
    func fieldsTheCalculatorReads(field: String, expected: String) {
        #expect(CSVFieldTests.amount(field) == expected, "\(field)")
    }

    @Test(arguments: ["SEK 33.91 USD", "USD 12.50 USD 1", "(-5) usd", "((5))", "usd", "12.50 xyz", "QQQ 12"])
    func fieldsThatAreNoAmountStayRefused(field: String) {
        #expect(Double(CSVFieldTests.amount(field).split(separator: " ").first ?? "") == nil, "\(field): \(CSVFieldTests.amount(field))")
    }
}
