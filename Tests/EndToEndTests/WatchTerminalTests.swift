import FXTestSupport
import Foundation
import Testing

/// `watch` in a real pseudo-terminal (tmux): the board, a resize, a key that gives the prompt
/// back as it was; and in a pipe, its lines and `--count`.
@Suite(.enabled(if: TmuxTerminal.available), .serialized)
struct WatchTerminalTests {
    /// fx on a tmux terminal, `stty -g` recorded before and after and its exit status kept.
    func start(_ fx: FXRunner, arguments: String) throws -> TmuxTerminal {
        let binary = try FXRunner.binary().path
        let home = fx.home.path
        var environment = fx.environment
        environment["TERM"] = "xterm"
        let command =
            "trap : INT; stty -g > \(home)/stty.before; \(binary) \(arguments); status=$?; stty -g > \(home)/stty.after; echo EXIT=$status > \(home)/exit; sleep 60"
        return try TmuxTerminal(command: command, environment: environment)
    }

    func read(_ fx: FXRunner, _ name: String) -> String? {
        let deadline = Date() + 15
        while Date() < deadline {
            if let text = try? String(contentsOf: fx.home.appendingPathComponent(name), encoding: .utf8), !text.isEmpty { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @Test func atThePromptTheBoardRedrawsFollowsAResizeAndAKeyGivesThePromptBack() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx, arguments: "--offline")
        defer { terminal.close() }
        try terminal.waitFor { $0.contains("fx>") }
        try terminal.send("100 usd eur", "Enter")
        try terminal.waitFor { $0.contains("100.00 USD = 89.51 EUR") }
        try terminal.send("watch usd jpy, eur gbp --every 1s", "Enter")
        let board = try terminal.waitFor { $0.contains("fx watch · every 1s") && $0.contains("EUR/GBP") }
        #expect(board.contains("USD/JPY  157.25"), "\(board)")
        // The board replaced the screen: the conversion above is not on it.
        #expect(!board.contains("100.00 USD = 89.51 EUR"), "\(board)")
        // It redraws: the clock in its heading moves on.
        let first = board.split(separator: "\n").first.map(String.init) ?? ""
        let later = try terminal.waitFor { ($0.split(separator: "\n").first.map(String.init) ?? "") != first }
        #expect(later.split(separator: "\n").first.map(String.init) != first, "\(later)")
        // A narrower window: redrawn to its width, cleared first.
        try terminal.resize(columns: 50)
        let narrow = try terminal.waitFor { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("USD/JPY") } && !screen.contains("European Central Bank")
        }
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 50 }, "\(narrow)")
        #expect(!narrow.contains("European Central Bank"), "\(narrow)")
        // Any key leaves: the prompt's screen comes back, and the prompt edits and answers as before.
        try terminal.send("x")
        let back = try terminal.waitFor { $0.contains("100.00 USD = 89.51 EUR") && !$0.contains("fx watch ·") }
        #expect(back.contains("fx> watch usd jpy, eur gbp --every 1s"), "\(back)")
        try terminal.send("rate usd jp", "Tab", "Enter")
        let answer = try terminal.waitFor { $0.contains("1 USD = 157.25 JPY") }
        #expect(answer.contains("fx> rate usd JPY"), "\(answer)")
        #expect(!answer.contains("x1 USD"), "the key that left reached the prompt: \(answer)")
        try terminal.send("C-d")
        #expect(read(fx, "exit")?.trimmingCharacters(in: .whitespacesAndNewlines) == "EXIT=0")
        let before = read(fx, "stty.before"), after = read(fx, "stty.after")
        #expect(before != nil && before == after)
    }

    @Test func ctrlCLeavesAOneShotBoardWithTheTerminalAsItWas() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx, arguments: "--offline watch usd jpy")
        defer { terminal.close() }
        try terminal.waitFor { $0.contains("fx watch · every 1m") }
        try terminal.send("C-c")
        let status = read(fx, "exit")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let screen = try terminal.screen()
        #expect(status == "EXIT=130", "\(screen)")
        let before = read(fx, "stty.before"), after = read(fx, "stty.after")
        #expect(before != nil && before == after)
        #expect(!screen.contains("fx watch ·"), "\(screen)")
    }

    @Test func inAPipeItPrintsALinePerPairPerRefreshAndStopsAfterCount() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "watch", "usd", "jpy,", "eur", "gbp", "--every", "1", "--count", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines.allSatisfy { $0.split(separator: " ").count == 7 }, "\(result.stdout)")
        #expect(lines[0].contains(" USD/JPY 157.25 n/a (n/a) ecb "), "\(result.stdout)")
        #expect(lines[3].contains(" EUR/GBP 0.8338 n/a (n/a) ecb "), "\(result.stdout)")
    }

    /// Issue 32: with Coinbase and Kraken down and nothing cached, no refresh prices BTC: the watch
    /// exits 1, as the one-shot question would, each refresh's reason said on stderr.
    @Test func aWatchWhoseEveryRefreshFailedExits1() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["watch", "btc", "usd", "--every", "1", "--count", "2"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout == "", "\(result.stdout)")
        let reasons = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx: BTC/USD: ") }
        #expect(reasons.count == 2, "\(result.stderr)")
        #expect(reasons.allSatisfy { $0.lowercased().contains("coinbase") || $0.lowercased().contains("kraken") }, "\(result.stderr)")
    }

    @Test func untilEndsAPipedWatchOnceTheConditionHolds() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "watch", "usd", "jpy", "--until", "usd jpy > 150"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 USD = 157.25 JPY > 150: true\n"), "\(result.stdout)")
    }
}

/// The request budget on a loopback server: a board asking every second sends no more requests
/// than its refreshes, and the cache answers while the source's rates are current.
@Suite struct WatchBudgetEndToEndTests {
    @Test func aWatchSendsNoMoreRequestsThanItsRefreshesAllow() throws {
        let rig = try FaultRig(first: .dunamu, timeout: "3")
        defer { rig.cleanUp() }
        let result = try rig.fx.run(["watch", "usd", "krw", "--every", "1", "--count", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 4, "\(result.stdout)")
        let asked = rig.server.requests(to: .dunamu).count
        #expect(asked >= 1 && asked <= 4, "\(asked) requests")
        // Fetched once, then current: the other three refreshes were answered from the cache.
        #expect(asked == 1, "\(asked) requests")
    }
}
