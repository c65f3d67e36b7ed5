import FXAnswers
import FXCommands
import FXRates
import FXRender
import Testing

struct LocalizedNumbersTests {
    @Test(arguments: [
        (NumberFormat.german, "1,234.56 USD = 1,104.97 EUR", "1.234,56 USD = 1.104,97 EUR"),
        (.french, "1,234.56 USD = 1,104.97 EUR", "1\u{202F}234,56 USD = 1\u{202F}104,97 EUR"),
        (.swiss, "1,234,567.50 CHF", "1'234'567.50 CHF"),
        (.indian, "1,234,567.50 INR", "12,34,567.50 INR"),
        (.indian, "100,000 INR = 1,234 USD", "1,00,000 INR = 1,234 USD"),
        (.german, "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)", "1 USD = 157,25 JPY   (1 JPY = 0,00635929 USD)"),
        (.english, "1,234.56 USD", "1,234.56 USD"),
    ])
    func groupedNumbersTakeTheFormat(format: NumberFormat, text: String, expected: String) {
        #expect(LocalizedNumbers.text(text, format: format) == expected)
    }

    /// Dates, ages, colour escapes, a number without marks and a sentence's full stop stay as written.
    @Test func onlyNumbersWithMarksChange() {
        let text = "\u{1B}[1m89.51 EUR\u{1B}[0m\nECB · 2026-10-30 · fetched 3m 12s ago; 2024 rates end at 12.5."
        #expect(
            LocalizedNumbers.text(text, format: .german)
                == "\u{1B}[1m89,51 EUR\u{1B}[0m\nECB · 2026-10-30 · fetched 3m 12s ago; 2024 rates end at 12,5.")
    }
}

extension LocalizedNumbersTests {
    /// A price file or CSV is read by programs: it keeps fx's one format whatever `number_format` says.
    @Test(arguments: HistoryFormat.allCases)
    func onlyChartsAndTablesOfHistoryTakeTheFormat(format: HistoryFormat) {
        let query = HistoryQuery(base: CurrencyCode("USD")!, quote: .eur, range: .all, format: format)
        #expect(LocalizedNumbers.applies(to: .series([], query)) == (format == .chart || format == .table))
    }
}
