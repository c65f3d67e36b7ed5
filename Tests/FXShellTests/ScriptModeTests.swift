import FXShell
import Testing

@Suite("Modes.script")
struct ScriptModeTests {
    static let lines = ["100 usd eur", "# c", "", "bogus", "100 usd jpy"]

    @Test("goes on after an error, which names its line; the status is the first failure's")
    func keepsGoing() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(Self.lines), session: shell.session, failFast: false)
        #expect(status == 2)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n100.00 USD = 15,725 JPY\n")
        #expect(shell.err.text == "fx: line 4: Unknown command 'bogus'. Type 'help' to see the commands.\n")
    }

    @Test("failFast stops at the first error")
    func failFast() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(Self.lines), session: shell.session, failFast: true)
        #expect(status == 2)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(!shell.out.text.contains("JPY"))
        #expect(shell.err.text.hasPrefix("fx: line 4: "))
    }

    @Test("the first failure's status wins over later ones")
    func firstStatus() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(["100 usd kwd", "bogus"]), session: shell.session, failFast: false)
        #expect(status == 1)
        #expect(shell.err.text.contains("fx: line 1: "))
        #expect(shell.err.text.contains("fx: line 2: "))
    }

    @Test("quit stops the script with the status so far")
    func quit() async {
        let shell = ShellHarness()
        let status = await Modes.script(ScriptedLines(["100 usd eur", "quit", "100 usd jpy", "bogus"]),
                                        session: shell.session, failFast: false)
        #expect(status == 0)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(shell.err.text == "")
    }

    @Test("an empty script succeeds silently")
    func empty() async {
        let shell = ShellHarness()
        #expect(await Modes.script(ScriptedLines([]), session: shell.session, failFast: false) == 0)
        #expect(shell.out.text == "")
    }
}
