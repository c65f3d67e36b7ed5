import FXCommands
import FXRender
import Testing

/// What the answer says it understood (issue 24 §1), and the example a lone amount is given.
@Suite struct NamesMessagesTests {
    @Test func aLoneAmountIsShownAConversionToAnotherCurrency() {
        #expect(Messages.text(for: UsageError(.noTarget(.eur), span: nil)).contains("(100 eur usd)"))
        #expect(Messages.text(for: UsageError(.noTarget(.usd), span: nil)).contains("(100 usd eur)"))
    }

    @Test func notesNameTheCurrencyAndWhyItWasTaken() {
        let usd = CurrencyCode("USD")!, cad = CurrencyCode("CAD")!
        #expect(
            Messages.text(for: .currency(word: "dollars", code: usd, choice: .fallback))
                == "dollars = USD (US Dollar); write the code for another")
        #expect(
            Messages.text(for: .currency(word: "dollars", code: cad, choice: .home)) == "dollars = CAD (Canadian Dollar), the home currency"
        )
        #expect(Messages.text(for: .weight(word: "oz", troyOunce: true)).contains("troy ounce (31.1034768 g)"))
    }

    @Test func jsonListsEveryNameWithHowItWasChosen() {
        let json = JSONRenderer.json([.currency(word: "euros", code: CurrencyCode("EUR")!, choice: .only)]).serialized
        #expect(json == #"[{"word":"euros","currency":"EUR","name":"Euro","chosen":"only"}]"#)
    }
}
