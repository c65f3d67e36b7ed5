import FXShell
import Foundation
import FXTestSupport
import Testing

/// One line through parse → execute → render, as the shell runs it.
@Suite("Session")
struct SessionTests {
    @Test
    func aConversionAnswersOnStdoutOnly() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd eur") == .ok)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(shell.err.text == "")
    }

    @Test(arguments: [
        ("convert 100 usd to eur jpy", "100.00 USD = 89.51 EUR\n100.00 USD = 15,725 JPY\n"),
        ("rate usd/jpy", "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)\n"),
        ("£5 usd", "5.00 GBP = 6.70 USD\n"),
        ("rate eur", "1 EUR =\n  GBP    0.8338  Pound Sterling\n  JPY  175.68    Yen\n  USD    1.1172  US Dollar\n"),
    ])
    func severalLinesAnswerInOrder(line: String, expected: String) async {
        let shell = ShellHarness()
        #expect(await shell.session.run(line) == .ok)
        #expect(shell.out.text == expected)
    }

    @Test
    func aUsageErrorFailsWithStatus2AndAMessageOnStderr() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd eux") == .failed(2))
        #expect(shell.err.text == "fx: Unknown currency 'EUX'. Did you mean 'EUR'?\n")
        #expect(shell.out.text == "")
    }

    @Test
    func aNumberedLineNamesItsNumber() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd eux", number: 3) == .failed(2))
        #expect(shell.err.text == "fx: line 3: Unknown currency 'EUX'. Did you mean 'EUR'?\n")
    }

    @Test
    func aCurrencyTheSourceDoesNotPublishFailsWithStatus1() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd kwd") == .failed(1))
        #expect(shell.err.text == "fx: No rate for KWD: it is not published by European Central Bank.\n")
        #expect(shell.out.text == "")
    }

    @Test
    func blankLinesAndCommentsDoNothingQuitSaysSo() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("") == .nothing)
        #expect(await shell.session.run("  # note") == .nothing)
        #expect(await shell.session.run("quit") == .quit)
        #expect(shell.out.text == "")
        #expect(shell.err.text == "")
    }

    @Test
    func helpPrintsTheOverview() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("help") == .ok)
        #expect(shell.out.text.hasPrefix("Commands:\n"))
        #expect(shell.out.text.contains("  convert"))
    }
}
