import FXAnswers
import FXShell
import FXTestSupport
import Foundation
import Testing

/// Issue 24 §2.10–12: errors name only what was typed, JSON's `expression` is the whole line,
/// and the echo writes one amount one way and a variable with the value it stood for.
@Suite("Calculator lines as typed")
struct CalculatorLineTests {
    typealias C = CalculatorSessionTests

    @Test func anErrorNamesNoCommandThatWasNotTyped() async {
        let fx = CalculatorHarness()
        #expect(await fx.run("100 usd to eur + 2%").result == .failed(2))
        // Main: "Unexpected '+' after 'convert'. Type 'help convert' for its grammar."
        #expect(!fx.err.text.contains("after 'convert'"), "\(fx.err.text)")
        #expect(fx.err.text.hasPrefix("fx: Unexpected '+' after 'eur'. A fee is written with its word: + 2% fee."), "\(fx.err.text)")
        // Typed, `convert` is still named.
        let typed = CalculatorHarness()
        _ = await typed.run("convert 100 usd to eur + 2%")
        #expect(typed.err.text.contains("after 'convert'"), "\(typed.err.text)")
    }

    @Test func jsonExpressionIsTheWholeLine() async throws {
        let fx = CalculatorHarness(json: true)
        for line in ["200 usd as % of 180 eur", "100 usd in eur + 2% fee", "500 eur in usd at 1.0712", "eur for 500 usd + 2% fee"] {
            #expect(try await fx.object(line)["expression"] as? String == line)
        }
        #expect(try await fx.object("rent = 1450 chf in eur")["expression"] as? String == "1450 chf in eur")
    }

    @Test func aSignedAmountEchoesOneWay() async {
        let fx = CalculatorHarness()
        let spaced = await fx.run("- 100 usd in eur").printed
        let joined = await fx.run("-100 usd in eur").printed
        #expect(spaced.hasPrefix("-100.00 USD = "), "\(spaced)")
        #expect(spaced == joined)
    }

    @Test func aVariableEchoesWithItsValueNotLikeAnAssignment() async {
        let fx = CalculatorHarness()
        _ = await fx.run("x = 100 usd")
        let printed = await fx.run("x in gbp").printed
        #expect(printed == "100.00 USD (x) = \(C.money(C.converted(100, "USD", "GBP"))) GBP\n", "\(printed)")
        // Within an expression a name reads as itself (`rent * 12`), as it did.
        #expect(await fx.run("x * 2 in gbp").printed.hasPrefix("x * 2 = "))
        // `x gbp` is the same conversion with `in` left out, as `100 usd gbp` is.
        #expect(await fx.run("x gbp").printed == printed)
        #expect(await fx.run("x gbp eur").result == .ok)
        // A plain number is still made money by a currency after it.
        _ = await fx.run("n = 5")
        #expect(await fx.run("n eur").printed == "n EUR = 5.00 EUR\n")
    }

    @Test func namesAreCaseSensitiveAndTheErrorSaysSo() async {
        let fx = CalculatorHarness()
        _ = await fx.run("x = 100 usd")
        #expect(await fx.run("X eur").result == .failed(2))
        // Main: "Unknown command 'X'."
        #expect(fx.err.text == "fx: Unknown variable 'X'. Did you mean 'x'? Names are case-sensitive.\n", "\(fx.err.text)")
    }
}
