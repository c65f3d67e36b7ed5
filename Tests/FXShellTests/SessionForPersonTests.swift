import FXShell
import Testing

/// At a terminal: provenance under answers, a caret under the word to blame.
@Suite("Session for a person")
struct SessionForPersonTests {
    @Test("the answer is followed by where its rates came from")
    func provenance() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("100 usd eur") == .ok)
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · fetched just now\n")
    }

    @Test("a usage error shows the line with a caret under the offending word")
    func caret() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("convert 100 eux usd") == .failed(2))
        #expect(shell.err.text == """
            fx: Unknown currency 'EUX'. Did you mean 'EUR'?
              convert 100 eux usd
                          ^^^

            """)
    }

    @Test("a numbered (script) line gets no caret")
    func noCaretInScripts() async {
        let shell = ShellHarness(forPerson: true)
        #expect(await shell.session.run("convert 100 eux usd", number: 1) == .failed(2))
        #expect(shell.err.text == "fx: line 1: Unknown currency 'EUX'. Did you mean 'EUR'?\n")
    }
}
