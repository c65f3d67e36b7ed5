import FXShell
import FXTestSupport
import Testing

@Suite("Modes.script")
struct ScriptModeTests {
    static let lines = ["100 usd eur", "# c", "", "bogus", "100 usd jpy"]

    @Test
    func goesOnAfterAnErrorWhichNamesItsLineTheStatusIsTheFirstFailures() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(Self.lines), session: shell.session, failFast: false)
        #expect(status == 2)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n100.00 USD = 15,725 JPY\n")
        #expect(shell.err.text == "fx: line 4: Unknown command 'bogus'. Type 'help' to see the commands.\n")
    }

    @Test
    func failFastStopsAtTheFirstError() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(Self.lines), session: shell.session, failFast: true)
        #expect(status == 2)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(!shell.out.text.contains("JPY"))
        #expect(shell.err.text.hasPrefix("fx: line 4: "))
    }

    @Test
    func theFirstFailuresStatusWinsOverLaterOnes() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(["100 usd kwd", "bogus"]), session: shell.session, failFast: false)
        #expect(status == 1)
        #expect(shell.err.text.contains("fx: line 1: "))
        #expect(shell.err.text.contains("fx: line 2: "))
    }

    @Test
    func quitStopsTheScriptWithTheStatusSoFar() async {
        let shell = ShellHarness()
        let status = await Modes.script(
            ScriptedLines(["100 usd eur", "quit", "100 usd jpy", "bogus"]),
            session: shell.session, failFast: false)
        #expect(status == 0)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(shell.err.text == "")
    }

    @Test
    func anEmptyScriptSucceedsSilently() async {
        let shell = ShellHarness()
        #expect(await Modes.script(ScriptedLines([]), session: shell.session, failFast: false) == 0)
        #expect(shell.out.text == "")
    }
}
