import FXShell
import FXTestSupport
import Foundation
import Testing

/// A write to stdout or stderr that fails ends the run: the modes read no more lines, and
/// `Modes.settle` turns the status into 1 with one line on stderr (issue 23, item 1).
@Suite struct OutputFailureTests {
    /// Hands out lines as script mode reads them (the quick lane's way too) and counts them, so
    /// a test sees where a mode stopped reading.
    final class CountedLines: ByteLineSource {
        private var lines: [String]
        private(set) var taken = 0
        init(_ lines: [String]) { self.lines = lines.reversed() }
        func withNextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
            guard let line = lines.popLast() else { return nil }
            taken += 1
            return Array(line.utf8).withUnsafeBufferPointer(body)
        }
    }

    static let lines = ["100 usd eur", "200 usd eur", "300 usd eur", "400 usd eur"]

    /// The second answer comes from the general path, which stops at once, or from the quick
    /// lane, which learned the pair and, changing nothing but stdout, stops within 1,024 lines.
    @Test(arguments: [false, true])
    func aScriptStopsReadingAtTheFirstFailedWrite(quickLane: Bool) async {
        // Room for the first answer (23 bytes) and part of the second.
        let shell = ShellHarness(quickLane: quickLane, out: StringOutput(capacity: 30))
        let lines = CountedLines(["100 usd eur"] + Array(repeating: "200 usd eur", count: 3_000))
        let status = await Modes.script(lines, session: shell.session, failFast: false)
        #expect(lines.taken == (quickLane ? 1_024 : 2))
        #expect(shell.session.quickLane?.answered == (quickLane ? 1_023 : nil))
        #expect(shell.out.text == "100.00 USD = 89.51 EUR\n200.00 ")
        #expect(Modes.settle(status, out: shell.out, err: shell.err) == 1)
        #expect(shell.err.text == "fx: cannot write to standard output: No space left on device\n")
    }

    @Test
    func aScriptWhoseStderrFailsStopsToo() async {
        let shell = ShellHarness(err: StringOutput(capacity: 0))
        let lines = CountedLines(["bogus"] + Self.lines)
        let status = await Modes.script(lines, session: shell.session, failFast: false)
        #expect(lines.taken == 1)
        #expect(shell.out.text == "")
        #expect(Modes.settle(status, out: shell.out, err: shell.err) == 1)
    }

    @Test
    func thePromptIsLeftWhenItsAnswersCannotBeShown() async {
        let shell = ShellHarness(out: StringOutput(capacity: 10))
        let lines = CountedLines(Self.lines)
        let status = await Modes.prompt(lines, session: shell.session, promptOutput: StringOutput())
        #expect(lines.taken == 1)
        #expect(Modes.settle(status, out: shell.out, err: shell.err) == 1)
    }

    @Test
    func thePromptIsLeftWhenThePromptItselfCannotBeWritten() async {
        let shell = ShellHarness()
        let lines = CountedLines(Self.lines)
        _ = await Modes.prompt(lines, session: shell.session, promptOutput: StringOutput(capacity: 0))
        #expect(lines.taken == 0)
    }

    @Test
    func aOneShotAnswerThatCannotBeWrittenFailsWith1() async {
        let shell = ShellHarness(out: StringOutput(capacity: 0))
        let status = await Modes.oneShot(["100", "usd", "eur"], session: shell.session)
        #expect(Modes.settle(status, out: shell.out, err: shell.err) == 1)
        #expect(shell.err.text == "fx: cannot write to standard output: No space left on device\n")
    }

    @Test
    func settleKeepsTheStatusWhenEverythingWasWritten() {
        #expect(Modes.settle(3, out: StringOutput(), err: StringOutput()) == 3)
    }

    /// The reader of a pipe went away (`fx … | head -1` with SIGPIPE ignored): nothing to say.
    @Test
    func aClosedPipeIsNotReported() {
        let out = ClosedPipe(), err = StringOutput()
        #expect(Modes.settle(0, out: out, err: err) == 1)
        #expect(err.text == "")
    }

    final class ClosedPipe: TextOutput, Sendable {
        func write(_ text: String) {}
        func flush() {}
        var failure: POSIXFailure? { POSIXFailure(operation: "write to", path: "standard output", code: EPIPE) }
    }
}
