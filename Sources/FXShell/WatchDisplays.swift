import FXRates
import FXAnswers
import FXCommands
import FXRender

/// The board on a terminal: drawn whole after each refresh, again every few seconds as the
/// ages move on, and again, cleared, after a resize.
final class BoardDisplay: WatchDisplay {
    /// Ages on the board move on between refreshes this often.
    static let redrawInterval: TimeInterval = 5

    private let screen: any WatchScreen
    private let style: Style
    private let clock: any WallClock
    private var shown: (rows: [WatchRow], pace: String, note: String?)?

    init(screen: any WatchScreen, style: Style, clock: any WallClock) {
        (self.screen, self.style, self.clock) = (screen, style, clock)
    }

    func show(_ rows: [WatchRow], refreshed: [Int], pace: String, notes: [String], now: Date) async {
        // A warning stays until a refresh of every row meets no problem (the ages say the rest).
        let clean = refreshed.count == rows.count && rows.allSatisfy { $0.problem == nil }
        shown = (rows, pace, notes.last ?? (clean ? nil : shown?.note))
        draw(now: now, clear: false)
    }

    func wait(until deadline: Date) async -> WatchEvent {
        while true {
            let now = clock.now()
            if now >= deadline { return .timeout }
            let event = screen.wait(until: min(deadline, now + Self.redrawInterval))
            switch event {
            case .timeout: if clock.now() < deadline { draw(now: clock.now(), clear: false) }
            case .resize: draw(now: clock.now(), clear: true)
            default: return event
            }
        }
    }

    private func draw(now: Date, clear: Bool) {
        guard let shown else { return }
        let size = screen.size
        let board = WatchBoard(style: style, columns: size.columns, rows: size.rows)
        screen.draw(board.lines(shown.rows, now: now, every: shown.pace, note: shown.note), clear: clear)
    }
}

/// The board for a script: one line per pair per refresh on stdout (a JSON object each with
/// `--json`), problems on stderr; the wait a plain sleep that Ctrl-C at the prompt cuts short.
struct LogDisplay: WatchDisplay {
    let out: any TextOutput
    let err: any TextOutput
    let json: Bool
    let style: Style
    let clock: any WallClock
    /// Sleeps so many seconds; false when cut short (the line was cancelled).
    let sleep: @Sendable (TimeInterval) async -> Bool

    func show(_ rows: [WatchRow], refreshed: [Int], pace: String, notes: [String], now: Date) async {
        for note in notes { err.write(style.yellow("warning:") + " " + note + "\n") }
        for index in refreshed {
            let row = rows[index]
            if let problem = row.problem {
                out.flush()
                err.write(style.red("fx: ") + "\(row.name): " + problem + "\n")
            } else if json, let quote = row.quote {
                out.write((JSONRenderer.render(.rates(RateListing(base: quote.from, quotes: [quote], wholeTable: false))) ?? "") + "\n")
            } else if let line = WatchLogLine.text(row, now: now) {
                out.write(line + "\n")
            }
        }
        out.flush()
    }

    func wait(until deadline: Date) async -> WatchEvent {
        let seconds = deadline.timeIntervalSince(clock.now())
        guard seconds > 0 else { return .timeout }
        return await sleep(seconds) ? .timeout : .interrupt
    }
}
