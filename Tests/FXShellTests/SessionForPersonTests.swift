import FXShell
import FXTestSupport
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

    /// Full-width characters take two columns each, a combining accent none.
    @Test
    func theCaretCountsColumnsNotCharacters() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("convert １００ 円円 usd") == .failed(2))
        let lines = shell.err.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 2 && lines[2] == "  " + String(repeating: " ", count: 8) + "^^^^^^", "\(shell.err.text)")
        let after = ShellHarness(forPerson: true)
        #expect(await after.session.run("円円 100 usd eur") == .failed(2))
        let afterLines = after.err.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(afterLines.count > 2 && afterLines[2] == "  " + "^^^^", "\(after.err.text)")
        let accented = ShellHarness(forPerson: true)
        #expect(await accented.session.run("convert 100 e\u{301}ux u\u{301}sd") == .failed(2))
        let accentedLines = accented.err.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(accentedLines.count > 2 && accentedLines[2] == "  " + String(repeating: " ", count: 12) + "^^^", "\(accented.err.text)")
    }

    @Test
    func aNumberedScriptLineGetsNoCaret() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("convert 100 eux usd", number: 1) == .failed(2))
        #expect(shell.err.text == "fx: line 1: Unknown currency 'EUX'. Did you mean 'EUR'?\n")
    }
}
