import FXTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real pseudo-terminal for the prompt: tmux on a private socket runs a command, takes keys
/// and shows its screen. Waits poll the screen with a deadline, never sleep blindly.
final class TmuxTerminal {
    static var available: Bool {
        ["/usr/bin/tmux", "/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let socket = "fx-test-\(UUID().uuidString.prefix(8))"

    /// Starts `command` through `sh -c` in a 100×30 terminal with `environment`.
    init(command: String, environment: [String: String]) throws {
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try tmux(["new-session", "-d", "-x", "100", "-y", "30", "-s", "fx", "env -i \(exports) sh -c '\(command)'"])
    }

    /// Ends the terminal: the programs in it get SIGHUP, as when a terminal window is closed.
    func close() { _ = try? tmux(["kill-server"]) }

    deinit { close() }

    /// Keys as tmux names them: literal text, or "Tab", "Enter", "Up", "C-c", "C-d".
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", "fx", key]) }
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "fx"]) }

    /// The screen and what scrolled off it, with lines the terminal wrapped joined again.
    func scrollback() throws -> String { try tmux(["capture-pane", "-p", "-J", "-S", "-500", "-t", "fx"]) }

    /// Resizes the window, as a user dragging its edge does (fx gets SIGWINCH), and waits until
    /// the terminal's own size says so: tmux passes a resize on to the terminal a moment later.
    func resize(columns: Int) throws {
        try tmux(["resize-window", "-t", "fx", "-x", String(columns)])
        let tty = try tmux(["display-message", "-p", "-t", "fx", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw RunnerError(description: "cannot open \(tty)") }
        defer { Glibc.close(fd) }
        let deadline = Date() + 5
        var size = winsize()
        while Date() < deadline {
            if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, Int(size.ws_col) == columns { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw RunnerError(description: "the terminal stayed \(size.ws_col) columns wide")
    }

    /// Waits up to `timeout` seconds for the screen (with `scrollback`, all of it) to satisfy
    /// `condition`; returns the last screen.
    @discardableResult
    func waitFor(timeout: TimeInterval = 15, scrollback: Bool = false, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date() + timeout
        var last = ""
        while Date() < deadline {
            last = try scrollback ? self.scrollback() : screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return last
    }

    /// Runs tmux with posix_spawn and waitpid. Foundation's Process would wait for the server
    /// that new-session forks, which inherits Process's bookkeeping pipe and never exits.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "fx-tmux-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block signals; tmux and fx must start with none blocked and
        // default handlers, as from a login shell, or Ctrl-C and SIGHUP would never reach them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["tmux", "-u", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ) == 0 else {
            throw RunnerError(description: "tmux did not start")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}
