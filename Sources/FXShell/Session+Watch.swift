import FXRates
import FXCommands
import FXAnswers
import FXRender
#if canImport(Glibc)
import Glibc
#endif

/// How a session draws `watch`: on which terminal, and with which sources' paces.
public struct WatchSetup: Sendable {
    /// The terminal to draw a board on; nil (outside a terminal) prints lines instead.
    public var screen: @Sendable () -> (any WatchScreen)?
    public var registry: SourceRegistry
    /// Seconds between refreshes when `--every` is not given (config `watch_every`); nil for each source's own.
    public var every: TimeInterval?
    /// The sleep between refreshes of the line form; false when cut short.
    public var sleep: @Sendable (TimeInterval) async -> Bool

    public init(
        screen: @escaping @Sendable () -> (any WatchScreen)? = { nil }, registry: SourceRegistry = .standard, every: TimeInterval? = nil,
        sleep: @escaping @Sendable (TimeInterval) async -> Bool = WatchSetup.taskSleep
    ) {
        (self.screen, self.registry, self.every, self.sleep) = (screen, registry, every, sleep)
    }

    /// The real sleep: the task's, which a cancelled line (Ctrl-C at the prompt) ends early.
    public static let taskSleep: @Sendable (TimeInterval) async -> Bool = { seconds in
        do {
            // Clamped as well as range-checked where typed: a conversion to UInt64 out of range traps.
            let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), DurationParser.longest)
            try await Task.sleep(nanoseconds: UInt64(bounded * 1_000_000_000))
            return true
        } catch {
            return false
        }
    }
}

extension Session {
    /// Runs a board until it ends: 0 after a key, `--count` or `--until`; 1 when no refresh
    /// priced any pair; 130 after Ctrl-C; 2 when `--until` cannot be judged.
    func watch(_ request: WatchRequest) async -> LineResult {
        var request = request
        request.every = request.every ?? watchSetup.every
        let runner = WatchRunner(
            request: request, executor: executor, clock: clock,
            pace: WatchPace(registry: watchSetup.registry, quotas: executor.requestQuotas))
        let ending: WatchRunner.Ending, nothingPriced: String?, board: Bool
        if !presentation.json, let screen = watchSetup.screen(), screen.begin() {
            (ending, nothingPriced) = await runner.run(BoardDisplay(screen: screen, style: presentation.style, clock: clock))
            screen.end()
            board = true
        } else {
            (ending, nothingPriced) = await runner.run(
                LogDisplay(out: out, err: err, json: presentation.json, style: presentation.style, clock: clock, sleep: watchSetup.sleep))
            board = false
        }
        switch ending {
        case .counted, .left(.key), .left(.timeout), .left(.resize), .left(.closed):
            guard let nothingPriced else { return .ok }
            // Every refresh failed: a runtime failure, as the question alone would be. The lines
            // said why at each refresh; a board's reason went with the board, so it is said again.
            if board {
                out.flush()
                err.write(presentation.style.red("fx: ") + nothingPriced + "\n")
            }
            return .failed(1)
        case .left(.interrupt):
            return .failed(130)
        case .left(.terminated(let signal)):
            // The terminal is back as it was: now whatever fx does on this signal happens.
            out.flush()
            raise(signal)
            return .failed(128 + signal)
        case .held(let verdict):
            let outcome = Outcome.condition(verdict)
            out.write(
                (presentation.json
                    ? JSONRenderer.render(outcome)
                    : TextRenderer(style: presentation.style, showProvenance: false).render(outcome, now: clock.now())) ?? "")
            out.write("\n")
            return .ok
        case .failed(let failure):
            out.flush()
            err.write(presentation.style.red("fx: ") + failure.message + "\n")
            return .failed(2)
        }
    }
}
