import FXRates
import Synchronization

/// One live line on stderr while a line's work is slow (a first `history usd jpy all`, a rule's
/// first history, a long CSV): which source is asked, the time so far, and the bytes, days or
/// records so far. It starts with the first fetch (or statement), shows only once the work has
/// taken `threshold`, is redrawn each `tick`, and is erased at the end, so nothing of it stays in
/// the scrollback. An answer from the cache starts nothing at all. Only at a terminal.
final class ProgressLine: FetchWatcher {
    /// Waits about `seconds`; returns early when the task is cancelled.
    typealias Pause = @Sendable (TimeInterval) async -> Void

    private struct State {
        var what: String
        var started: Date?
        var bytes = 0, days = 0, records = 0
        var shown = false
        var ticking: Task<Void, Never>?
    }

    private let state: Mutex<State>
    private let output: any TextOutput
    private let clock: any WallClock
    private let pause: Pause
    private let threshold: TimeInterval, tick: TimeInterval

    init(
        _ what: String, output: any TextOutput, clock: any WallClock, pause: @escaping Pause = ProgressLine.taskSleep,
        threshold: TimeInterval = 0.5, tick: TimeInterval = 0.1
    ) {
        state = Mutex(State(what: what))
        (self.output, self.clock, self.pause, self.threshold, self.tick) = (output, clock, pause, threshold, tick)
    }

    /// The real pause: the task's sleep, which `stop` cuts short.
    static let taskSleep: Pause = { seconds in try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }

    func asking(_ source: String) { begin(source) }
    func received(bytes: Int) { state.withLock { $0.bytes += bytes } }
    func fetched(days: Int) { state.withLock { $0.days += days } }
    /// Records of a statement written so far.
    func converted(records: Int) { state.withLock { $0.records += records } }

    /// Work on `what` begins: the clock starts with the first.
    func begin(_ what: String) {
        state.withLock { state in
            state.what = what
            guard state.ticking == nil else { return }
            state.started = clock.now()
            state.ticking = Task { [self] in await run() }
        }
    }

    /// Ends the line: nothing more is drawn, and what was is erased.
    func stop() async {
        let ticking = state.withLock { state in
            defer { state.ticking = nil }
            return state.ticking
        }
        ticking?.cancel()
        await ticking?.value
        if state.withLock({ $0.shown }) { output.write("\r\u{1B}[K") }
    }

    /// Erases the line before other text goes to the terminal; the next tick draws it again below.
    func interrupt() {
        if state.withLock({ $0.shown }) { output.write("\r\u{1B}[K") }
    }

    private func run() async {
        await pause(threshold)
        var frame = 0
        while !Task.isCancelled {
            let line = state.withLock { state -> String? in
                guard let started = state.started, clock.now().timeIntervalSince(started) >= threshold else { return nil }
                state.shown = true
                return Self.text(state, elapsed: clock.now().timeIntervalSince(started), frame: frame)
            }
            if let line { output.write("\r\u{1B}[K" + line) }
            frame += 1
            await pause(tick)
        }
    }

    /// `⠹ European Central Bank · 2.4s · 2.6 MB · 7,126 days`.
    private static func text(_ state: State, elapsed: TimeInterval, frame: Int) -> String {
        let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        let tenths = Int((elapsed * 10).rounded(.down))
        var parts = [state.what, "\(tenths / 10).\(tenths % 10)s"]
        if state.bytes > 0 { parts.append(size(state.bytes)) }
        if state.days > 0 { parts.append(count(state.days, "day")) }
        if state.records > 0 { parts.append(count(state.records, "record")) }
        return "\(frames[frame % frames.count]) " + parts.joined(separator: " · ")
    }

    /// `812 bytes`, `34 kB`, `2.6 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\(bytes / 1000) kB" }
        let tenths = bytes / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// `7,126 days`.
    private static func count(_ number: Int, _ noun: String) -> String {
        let digits = Array(String(number))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return "\(grouped) \(noun)\(number == 1 ? "" : "s")"
    }
}
