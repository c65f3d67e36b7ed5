import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// The real terminal for `watch`: the alternate screen (so the prompt's screen comes back as it
/// was), raw keys, and a wait on stdin and the signals that `CEditLine`'s watch calls turn into events.
public final class TerminalWatchScreen: WatchScreen {
    private let out: any TextOutput
    private let clock: any WallClock

    public init(out: any TextOutput, clock: any WallClock) {
        self.out = out
        self.clock = clock
    }

    public func begin() -> Bool {
        guard fx_watch_begin() == 0 else { return false }
        out.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        out.flush()
        return true
    }

    public func end() {
        out.write("\u{1B}[?25h\u{1B}[?1049l")
        out.flush()
        fx_watch_end()
    }

    public func draw(_ lines: [String], clear: Bool) {
        // Home, each line cleared to its end, then everything below: no flicker of a full clear.
        out.write((clear ? "\u{1B}[2J" : "") + "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
        out.flush()
    }

    public var size: (columns: Int, rows: Int) { (Int(fx_terminal_columns()), Int(fx_terminal_rows())) }

    public func wait(until deadline: Date) -> WatchEvent {
        let seconds = max(0, deadline.timeIntervalSince(clock.now()))
        let result = fx_watch_wait(Int32(min(seconds * 1000, Double(Int32.max)).rounded(.up)))
        switch result {
        case Int32(FX_WATCH_KEY): return .key
        case Int32(FX_WATCH_RESIZE): return .resize
        case Int32(FX_WATCH_INTERRUPT): return .interrupt
        case Int32(FX_WATCH_CLOSED): return .closed
        case ..<0: return .terminated(-result)
        default: return .timeout
        }
    }
}
