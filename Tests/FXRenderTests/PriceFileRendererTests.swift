import FXAnswers
import FXCommands
import FXRates
import FXRender
import Foundation
import Testing

/// The price-file lines and their digits, without the tools (those read them in the end-to-end tests).
@Suite struct PriceFileRendererTests {
    typealias H = HistoryFixtures
    let renderer = TextRenderer(style: Style(color: false), showProvenance: false)

    func render(_ histories: [PairHistory], _ format: HistoryFormat, grouping: HistoryGrouping = .daily, digits: Int? = nil) -> [String] {
        let first = histories[0]
        let query = HistoryQuery(
            base: first.base, quote: first.quote, range: .all, format: format,
            pairs: histories.map { CurrencyPair($0.base, $0.quote) }, grouping: grouping, digits: digits)
        return renderer.render(.series(histories, query), now: Date())!.split(separator: "\n").map(String.init)
    }

    /// The same value as published; a trailing zero (1.0850) is not kept, as in the ECB's own CSV.
    @Test func publishedRatesStayAsPublishedInDateOrderAcrossPairs() {
        let usd = H.history([("2026-03-02", "1.0850"), ("2026-03-03", "1.0912")])
        let gbp = H.history([("2026-03-02", "0.83578")], quote: "GBP")
        let lines = render([usd, gbp], .ledger)
        #expect(lines.first?.hasPrefix("; ") == true)
        #expect(Array(lines.dropFirst()) == ["P 2026-03-02 EUR 1.085 USD", "P 2026-03-02 EUR 0.83578 GBP", "P 2026-03-03 EUR 1.0912 USD"])
        #expect(render([gbp], .beancount).last == "2026-03-02 price EUR 0.83578 GBP")
        #expect(render([gbp], .hledger).last == "P 2026-03-02 EUR 0.83578 GBP")
    }

    @Test func crossRatesCarryTenSignificantDigitsOrThoseAsked() {
        let cross = H.history([("2026-03-02", "142.09565534866740")], base: "USD", quote: "JPY")
        #expect(render([cross], .ledger).last == "P 2026-03-02 USD 142.0956553 JPY")
        #expect(render([cross], .ledger, digits: 4).last == "P 2026-03-02 USD 142.1 JPY")
    }

    @Test func monthlyMeansAreDatedTheMonthsFirstDay() {
        let lines = render([H.history(H.eight)], .beancount, grouping: .monthly)
        // (1.0850 + 1.0912 + 1.0799 + 1.0901 + 1.0950 + 1.0950 + 1.0823 + 1.0887) / 8 = 1.0884
        #expect(lines.last == "2026-03-01 price EUR 1.0884 USD")
        #expect(lines.first?.contains("monthly means") == true)
    }
}
