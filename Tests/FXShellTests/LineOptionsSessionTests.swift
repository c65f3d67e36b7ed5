import FXCommands
import FXShell
import Foundation
import FXTestSupport
import Testing

/// Options on a line at the prompt or in a script (issue 33): for that line only; `set` for the session.
@Suite struct LineOptionsSessionTests {
    @Test func aLinesOptionIsForThatLineOnly() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd eur --json") == .ok)
        #expect(await shell.session.run("100 usd eur") == .ok)
        let lines = shell.out.text.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("{") && lines[0].contains("\"result\":\"89.51\""))
        #expect(lines[1] == "100.00 USD = 89.51 EUR", "\(lines)")
    }

    @Test func explainOnALineExplainsThatLine() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("--explain 100 usd eur") == .ok)
        let explained = shell.err.text
        #expect(await shell.session.run("100 usd eur") == .ok)
        #expect(!explained.isEmpty && shell.err.text == explained)
    }

    @Test func setJSONIsForTheSessionAndSettingsListIt() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("set json on") == .ok)
        #expect(shell.out.text.contains("answers now written as JSON for this session (--save keeps it)"))
        #expect(await shell.session.run("100 usd eur") == .ok)
        #expect(shell.out.text.split(separator: "\n").last?.hasPrefix("{\"schema_version\":1,\"amount\":\"100\"") == true)
        #expect(await shell.session.run("set json off") == .ok)
        #expect(await shell.session.run("settings") == .ok)
        #expect(shell.out.text.contains("json           off") && shell.out.text.contains("source         all, in order"))
    }

    /// A source the session does not ask is refused for a line, as on the command line.
    @Test func aSourceOffIsRefused() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd eur --source boc") == .failed(2) || shell.err.text.contains("boc"))
        #expect(await shell.session.run("set source boc") != .ok)
    }

    @Test func anOptionForAWholeRunSaysWhatToDoInstead() async {
        let shell = ShellHarness()
        #expect(await shell.session.run("100 usd eur --offline", number: 3) == .failed(2))
        #expect(shell.err.text == "fx: line 3: --offline is for a whole run, not one line; start fx with it: fx --offline.\n")
    }
}

/// The prompt's history file keeps lines as typed (issue 33: spaces were written `\040`).
@Suite struct InputHistoryFileTests {
    @Test func linesAreKeptAsTyped() {
        let text = InputHistory.text(
            earlier: ["rate usd jpy"], session: ["100 usd eur", "100 usd eur", "history usd cad 30d --source boc"])
        #expect(text == "rate usd jpy\n100 usd eur\nhistory usd cad 30d --source boc\n")
        #expect(InputHistory.lines(of: text) == ["rate usd jpy", "100 usd eur", "history usd cad 30d --source boc"])
    }

    /// A file libedit wrote for an older fx reads as typed.
    @Test func libeditsEscapedFileReadsAsTyped() {
        let old = "_HiStOrY_V2_\n100\\040usd\\040eur\nrate\\040usd\\040jpy\\040\\\\\\040x\n"
        #expect(InputHistory.lines(of: old) == ["100 usd eur", "rate usd jpy \\ x"])
    }

    @Test func onlyTheLastThousandAreKept() {
        let text = InputHistory.text(earlier: (0..<1_200).map { "\($0) usd eur" }, session: ["last"])
        let lines = InputHistory.lines(of: text)
        #expect(lines.count == InputHistory.capacity && lines.last == "last" && lines.first == "201 usd eur")
    }
}
