@testable import FXShell
import Foundation
import FXTestSupport
import Testing

/// The progress line of slow work at a terminal, on an injected clock: each pause moves the clock
/// on by what it was asked, so "half a second" passes without waiting for it.
@Suite("Progress line")
struct ProgressLineTests {
    /// Yields until `condition` holds: waits on the line's own task, never on time.
    func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<100_000 {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }

    @Test
    func slowWorkSaysWhichSourceTheTimeAndTheBytesAndDaysThenIsErased() async {
        let clock = FixedClock(ShellHarness.now), err = StringOutput()
        let line = ProgressLine(
            "asking the sources", output: err, clock: clock,
            pause: {
                clock.advance(by: $0); await Task.yield()
            })
        line.asking("European Central Bank")
        line.received(bytes: 2_612_345)
        line.fetched(days: 7126)
        #expect(await eventually { err.text.contains("European Central Bank · 0.5s · 2.6 MB · 7,126 days") }, "\(err.text)")
        #expect(await eventually { err.text.contains("European Central Bank · 0.6s") }, "\(err.text)")
        await line.stop()
        #expect(err.text.hasPrefix("\r\u{1B}[K⠋ European Central Bank · 0.5s"))
        #expect(err.text.hasSuffix("\r\u{1B}[K"))
        #expect(!err.text.contains("\n"))
    }

    @Test
    func workDoneWithinHalfASecondShowsNothing() async {
        let clock = FixedClock(ShellHarness.now), err = StringOutput()
        let line = ProgressLine("asking the sources", output: err, clock: clock)
        line.asking("European Central Bank")
        await line.stop()
        #expect(err.text == "")
    }

    @Test
    func anAnswerThatFetchesNothingStartsNothing() async {
        let clock = FixedClock(ShellHarness.now), err = StringOutput()
        let line = ProgressLine(
            "asking the sources", output: err, clock: clock,
            pause: {
                clock.advance(by: $0); await Task.yield()
            })
        for _ in 0..<1000 { await Task.yield() }
        await line.stop()
        #expect(err.text == "")
    }

    @Test
    func aStatementCountsItsRecords() async {
        let clock = FixedClock(ShellHarness.now), err = StringOutput()
        let line = ProgressLine(
            "converting s.csv", output: err, clock: clock,
            pause: {
                clock.advance(by: $0); await Task.yield()
            })
        line.begin("converting s.csv")
        line.converted(records: 1)
        line.converted(records: 12_344)
        #expect(await eventually { err.text.contains("converting s.csv · 0.5s · 12,345 records") }, "\(err.text)")
        await line.stop()
    }

    @Test(arguments: [(812, "812 bytes"), (34_000, "34 kB"), (2_612_345, "2.6 MB")])
    func sizesReadAsPeopleSayThem(bytes: Int, text: String) {
        #expect(ProgressLine.size(bytes) == text)
    }
}
