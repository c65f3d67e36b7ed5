import FXShell
import FXTestSupport
import Testing

@Suite("Modes.prompt and Modes.oneShot")
struct PromptAndOneShotTests {
    @Test
    func thePromptKeepsGoingAfterAnErrorAndLeavesWith0AtEndOfInput() async {
        let shell = ShellHarness()
        let prompt = StringOutput()
        let status = await Modes.prompt(ScriptedLines(["bogus", "100 usd eur"]), session: shell.session, promptOutput: prompt)
        #expect(status == 0)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n")
        #expect(shell.err.text == "fx: Unknown command 'bogus'. Type 'help' to see the commands.\n")
        #expect(prompt.text == "fx> fx> fx> \n")
    }

    @Test
    func quitLeavesThePrompt() async {
        let shell = ShellHarness()
        let prompt = StringOutput()
        let status = await Modes.prompt(ScriptedLines(["quit", "100 usd eur"]), session: shell.session, promptOutput: prompt)
        #expect(status == 0)
        #expect(shell.out.text == "")
        #expect(prompt.text == "fx> ")
    }

    @Test(
        arguments: [
            (["convert", "100", "usd", "eur"], 0), (["100", "usd", "eux"], 2), (["100", "usd", "kwd"], 1),
        ] as [([String], Int32)])
    func oneShotJoinsTheWordsAndReturnsTheLinesStatus(words: [String], status: Int32) async {
        let shell = ShellHarness()
        #expect(await Modes.oneShot(words, session: shell.session) == status)
    }
}
