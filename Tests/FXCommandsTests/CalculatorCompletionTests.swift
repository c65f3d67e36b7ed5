import FXCommands
import FXRates
import Testing

/// TAB on calculator lines, as (line, cursor at the end) → the candidates' texts: the new words
/// of issue 15 (`set` and its keys, `of` and `fee` after a percentage, variables, date words).
@Suite struct CalculatorCompletionTests {
    static func candidates(_ line: String, variables: Set<String> = []) -> [String] {
        var context = ParseContext()
        context.variables = variables
        return Completer(context: context).complete(line: line, cursor: line.count).candidates.map(\.text)
    }

    @Test func setOffersItsKeysAndTheirValues() {
        #expect(Self.candidates("set ") == ["home", "targets", "number_format", "rule", "explain", "log", "date_order", "alias"])
        #expect(Self.candidates("set log ") == ["on", "off"])
        #expect(
            Self.candidates("set rule ") == [
                "on-or-before", "previous-business-day", "ecb", "uk-hmrc-monthly", "uk-hmrc-yearly", "pl-nbp", "us-treasury", "ca-boc",
                "ca-boc-yearly",
            ])
        #expect(Self.candidates("set rule p") == ["previous-business-day", "pl-nbp"])
        #expect(Self.candidates("set explain ") == ["on", "off"])
        #expect(Self.candidates("set t") == ["targets"])
        #expect(Self.candidates("set number_format ") == ["en", "de", "fr", "ch", "in"])
        #expect(Self.candidates("set home ").first == "none")
        #expect(Self.candidates("set home c").contains("CHF"))
        #expect(Self.candidates("set targets eur g").contains("GBP"))
    }

    @Test func aPercentageIsFollowedByOfOrFee() {
        #expect(Self.candidates("200 usd + 15% ") == ["of", "fee"])
        #expect(Self.candidates("200 usd + 15% f") == ["fee"])
        #expect(Self.candidates("15% o") == ["of"])
    }

    @Test func variablesAreOfferedAfterAnOperatorAndAtTheStart() {
        #expect(Self.candidates("2 * ", variables: ["rent"]) == ["rent"])
        #expect(Self.candidates("2 * re", variables: ["rent"]) == ["rent"])
        #expect(Self.candidates("ren", variables: ["rent"]) == ["rent"])
        #expect(Self.candidates("15% of ", variables: ["rent"]) == ["rent"])
    }

    @Test func dateWordsFollowOn() {
        #expect(Self.candidates("100 usd + 20 eur in gbp on ") == ["today", "yesterday", "last", "end"])
        #expect(Self.candidates("100 usd eur on last f") == ["friday"])
        #expect(Self.candidates("100 usd eur on end of ").first == "january")
    }

    @Test func targetsFollowTheKeywordsOfACalculation() {
        #expect(Self.candidates("100 usd + 20 eur in g").contains("GBP"))
        #expect(Self.candidates("eur for 500 u").contains("USD"))
        #expect(Self.candidates("500 usd from e").contains("EUR"))
        #expect(Self.candidates("usd ").first == "for")
    }
}
