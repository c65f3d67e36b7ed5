import FXShell
import Testing

/// At a terminal: provenance under answers, a caret under the word to blame.
@Suite("Session for a person")
struct SessionForPersonTests {
    @Test
    func theAnswerIsFollowedByWhereItsRatesCameFrom() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("100 usd eur") == .ok)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · fetched just now\n")
    }

    @Test
    func aUsageErrorShowsTheLineWithACaretUnderTheOffendingWord() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("convert 100 eux usd") == .failed(2))
        #expect(
            shell.err.text == """
                fx: Unknown currency 'EUX'. Did you mean 'EUR'?
                  convert 100 eux usd
                              ^^^

                """)
    }

    @Test
    func aNumberedScriptLineGetsNoCaret() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("convert 100 eux usd", number: 1) == .failed(2))
        #expect(shell.err.text == "fx: line 1: Unknown currency 'EUX'. Did you mean 'EUR'?\n")
    }
}
