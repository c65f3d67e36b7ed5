import FXTestSupport
import Foundation
import Testing

/// The fx> prompt in a real pseudo-terminal: TAB, Enter, Ctrl-C, Ctrl-D, UTF-8 and history.
@Suite(.enabled(if: TmuxTerminal.available), .serialized)
struct PromptTerminalTests {
    /// Runs fx on a terminal, recording `stty -g` before and after and fx's exit status;
    /// `launcher` is a command that runs fx (its path and options follow).
    /// `after` runs on the terminal once fx has ended, as the shell's next prompt would.
    func start(
        _ fx: FXRunner, options: String = "--offline", term: String = "xterm", launcher: String = "", after: String = ""
    ) throws -> TmuxTerminal {
        let binary = try FXRunner.binary().path
        let home = fx.home.path
        var environment = fx.environment
        environment["TERM"] = term
        // The wrapper shell must outlive a Ctrl-C meant for fx (sh exits on one it was sent too).
        // The terminal's settings are saved before the exit mark: a test reads them once it appears.
        let command =
            "trap : INT; stty -g > \(home)/stty.before; \(launcher)\(binary) \(options); status=$?; stty -g > \(home)/stty.after; echo EXIT=$status > \(home)/exit; \(after)sleep 60"
        let terminal = try TmuxTerminal(command: command, environment: environment)
        // capture-pane drops trailing spaces, so the fresh prompt reads "fx>".
        try terminal.waitFor { $0.contains("fx>") }
        return terminal
    }

    func exitStatus(_ fx: FXRunner) throws -> String? {
        let url = fx.home.appendingPathComponent("exit")
        let deadline = Date() + 15
        while Date() < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @Test func tabCompletesCommandsAndCurrenciesAndListsCandidates() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        // capture-pane drops trailing spaces: the space TAB adds shows once the next word is typed.
        try terminal.send("con", "Tab")
        try terminal.waitFor { $0.contains("fx> convert") }
        try terminal.send("100 us", "Tab")
        let currency = try terminal.waitFor { $0.contains("fx> convert 100 USD") }
        #expect(currency.contains("fx> convert 100 USD"), "\(currency)")
        try terminal.send("Tab", "Tab")
        let listing = try terminal.waitFor { $0.contains("Australian Dollar") }
        #expect(listing.contains("AUD  Australian Dollar"), "\(listing)")
        #expect(listing.contains("to"))
        try terminal.send("eur", "Enter")
        let answer = try terminal.waitFor { $0.contains("100.00 USD = 89.51 EUR") }
        #expect(answer.contains("fx> convert 100 USD eur"), "\(answer)")
        #expect(answer.contains("100.00 USD = 89.51 EUR"))
    }

    /// TAB in the middle of a line uses the space already after the word instead of adding one.
    @Test func completingMidLineKeepsOneSpace() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("convert 100 gb eur")
        try terminal.waitFor { $0.contains("fx> convert 100 gb eur") }
        for _ in 0..<4 { try terminal.send("Left") }
        try terminal.send("Tab")
        let screen = try terminal.waitFor { $0.contains("GBP") }
        #expect(screen.contains("fx> convert 100 GBP eur"), "\(screen)")
    }

    /// A chart drawn after the window was resized takes the new width, wider or narrower.
    @Test func chartsFollowTheWindowsWidth() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        defer { terminal.close() }
        /// The widest line of the last chart on the terminal.
        func lastChartWidth(_ run: Int) throws -> Int {
            try terminal.send("history usd jpy --partial", "Enter")
            let screen = try terminal.waitFor(scrollback: true) { $0.components(separatedBy: "observations").count - 1 >= run }
            let chart = screen.components(separatedBy: "USD/JPY · ").last ?? ""
            return chart.split(separator: "\n").filter { $0.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
                .map(\.count).max() ?? 0
        }
        try terminal.resize(columns: 130)
        let wide = try lastChartWidth(1)
        #expect(wide > 100 && wide <= 130, "\(wide)")
        try terminal.resize(columns: 60)
        let narrow = try lastChartWidth(2)
        #expect(narrow > 0 && narrow <= 60, "\(narrow)")
    }

    /// A config holding a key that others can read: warned of once, when the prompt starts.
    @Test func aReadableKeyIsWarnedOfOnceAtThePrompt() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"sources": {"oxr": {"app_id": "k3y"}}}"#.utf8).write(to: config)
        chmod(config.path, 0o644)
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("100 usd eur", "Enter")
        try terminal.waitFor { $0.contains("100.00 USD = 89.51 EUR") }
        try terminal.send("5 eur gbp", "Enter")
        let screen = try terminal.waitFor { $0.contains("5.00 EUR =") }
        // Long lines wrap on the terminal: joined again before counting.
        let joined = screen.replacingOccurrences(of: "\n", with: "")
        #expect(joined.components(separatedBy: "holds an API key and can be read by others").count - 1 == 1, "\(screen)")
    }

    @Test func ctrlCClearsTheLineAndCtrlDLeavesTheTerminalAsItWas() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        defer { terminal.close() }
        try terminal.send("half typed", "C-c")
        try terminal.waitFor { $0.components(separatedBy: "fx>").count >= 3 }
        try terminal.send("€100 jp", "Tab", "Enter")
        let screen = try terminal.waitFor { $0.contains("JPY") && $0.contains("=") }
        #expect(screen.contains("100.00 EUR = 17,568 JPY"))
        #expect(!screen.contains("Unknown command"))
        // Keys typed before the next prompt meet a terminal in cooked mode, where ^D is not a key.
        try terminal.waitFor { $0.components(separatedBy: "fx>").count >= 4 }
        try terminal.send("C-d")
        let status = try exitStatus(fx)
        let finalScreen = try terminal.screen()
        #expect(status == "EXIT=0", "\(finalScreen)")
        let before = try String(contentsOf: fx.home.appendingPathComponent("stty.before"), encoding: .utf8)
        let after = try String(contentsOf: fx.home.appendingPathComponent("stty.after"), encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(before == after)
    }

    /// What the shell prints next starts on a line of its own, not after `fx> `.
    @Test func ctrlDEndsThePromptsLine() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx, after: "printf SHELL; ")
        defer { terminal.close() }
        try terminal.send("C-d")
        let screen = try terminal.waitFor { $0.contains("SHELL") }
        #expect(screen.split(separator: "\n").contains("SHELL"), "\(screen)")
        #expect(!screen.contains("fx> SHELL") && !screen.contains("fx>SHELL"))
    }

    @Test func aSecondSessionRecallsTheFirstSessionsLines() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        do {
            let first = try start(fx)
            defer { first.close() }
            try first.send("100 usd gbp", "Enter")
            try first.waitFor { $0.contains("GBP") && $0.contains("=") }
            try first.send(" 1 usd jpy", "Enter")  // a leading space keeps a line out of history
            try first.send("quit", "Enter")
            #expect(try exitStatus(fx) == "EXIT=0")
        }
        let history = try String(contentsOf: fx.home.appendingPathComponent("state/fx/history"), encoding: .utf8)
        // As typed (issue 33: libedit's file had `100\040usd\040gbp`).
        #expect(history == "100 usd gbp\nquit\n", "\(history)")
        #expect(!history.contains("jpy"))
        let attributes = try FileManager.default.attributesOfItem(atPath: fx.home.appendingPathComponent("state/fx/history").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        try FileManager.default.removeItem(at: fx.home.appendingPathComponent("exit"))
        let second = try start(fx)
        defer { second.close() }
        try second.send("Up", "Up")
        #expect(try second.waitFor { $0.contains("fx> 100 usd gbp") }.contains("fx> 100 usd gbp"))
    }

    @Test func closingTheTerminalStillSavesTheHistory() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx)
        try terminal.send("100 usd chf", "Enter")
        let answered = try terminal.waitFor { $0.contains("USD = ") && $0.components(separatedBy: "fx>").count >= 3 }
        try #require(answered.contains("USD = "), "\(answered)")
        try terminal.send("half typed")
        terminal.close()  // fx gets SIGHUP, as when the window is closed
        let file = fx.home.appendingPathComponent("state/fx/history")
        let deadline = Date() + 10
        var history = ""
        while Date() < deadline, !history.contains("chf") {
            history = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(history.contains("100 usd chf\n") && !history.contains("\\040"), "\(history)")
        #expect(!history.contains("half"))
    }

    /// Whether the tests run the release fx (Scripts/test sets FX_BINARY); a debug fx links libedit dynamically.
    static let testsRelease = ProcessInfo.processInfo.environment["FX_BINARY"] != nil

    /// On Linux the release fx is a static executable with libedit linked in: no interpreter
    /// (dynamic loader) and no dynamic section, so no NEEDED library; and it names no libedit.so
    /// that it could dlopen.
    @Test(.enabled(if: testsRelease, "the release fx (FX_BINARY)"))
    func theReleaseFxNeedsNoSharedLibrary() throws {
        #if os(Linux)
        let file = try Data(contentsOf: FXRunner.binary())
        let bytes = [UInt8](file)
        try #require(bytes.count > 64 && bytes[0..<5] == [0x7F, 0x45, 0x4C, 0x46, 2], "not a 64-bit ELF file")
        func integer(at offset: Int, size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let (headers, size, count) = (integer(at: 0x20, size: 8), integer(at: 0x36, size: 2), integer(at: 0x38, size: 2))
        let types = (0..<count).map { integer(at: headers + $0 * size, size: 4) }
        #expect(types.contains(1), "\(types)")  // PT_LOAD: the headers were read
        #expect(!types.contains(3), "PT_INTERP: fx asks for the dynamic loader")
        #expect(!types.contains(2), "PT_DYNAMIC: fx has a dynamic section (NEEDED libraries)")
        #expect(file.range(of: Data("libedit.so".utf8)) == nil, "fx names libedit.so")
        #endif
    }

    /// The prompt edits and completes with every libedit.so on the machine unreadable: a private
    /// mount namespace covers each one the loader could find with an empty file. An fx that
    /// needed the shared library would not start; one that opened it with dlopen would fall back
    /// to plain input, where TAB inserts a tab and Left echoes `^[[D`.
    @Test(
        .enabled(if: testsRelease, "the release fx (FX_BINARY)"),
        .enabled(if: LibraryHider.available, "mount namespaces need root and unshare"))
    func thePromptEditsAndCompletesWithNoSharedLibedit() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let hider = try LibraryHider(prefix: "libedit.so", directory: fx.home)
        try #require(!hider.libraries.isEmpty, "no libedit.so to hide (libedit-dev installs one)")
        let terminal = try start(fx, launcher: hider.launcher)
        defer { terminal.close() }
        #expect(hider.hidden() == hider.libraries)
        try terminal.send("con", "Tab")
        try terminal.waitFor { $0.contains("fx> convert") }
        try terminal.send("10 us", "Tab", "eur")
        try terminal.waitFor { $0.contains("fx> convert 10 USD eur") }
        // Back over " USD eur" to make 10 into 100.
        for _ in 0..<8 { try terminal.send("Left") }
        try terminal.send("0", "Enter")
        let screen = try terminal.waitFor { $0.contains("USD = ") }
        #expect(screen.contains("fx> convert 100 USD eur"), "\(screen)")
        #expect(screen.contains("100.00 USD = 89.51 EUR"))
        #expect(!screen.contains("no line editing"))
        try terminal.waitFor { $0.components(separatedBy: "fx>").count >= 3 }
        try terminal.send("C-d")
        #expect(try exitStatus(fx) == "EXIT=0")
    }

    /// A terminal type with no terminfo entry: libedit uses dumb terminal settings and still edits.
    @Test func aTerminalWithoutATerminfoEntryStillEditsAndCompletes() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx, term: "no-such-terminal")
        defer { terminal.close() }
        try terminal.send("100 us", "Tab", "eur", "Enter")
        let screen = try terminal.waitFor { $0.contains("USD = ") }
        #expect(screen.contains("fx> 100 USD eur"), "\(screen)")
        #expect(screen.contains("100.00 USD = 89.51 EUR"))
        try terminal.waitFor { $0.components(separatedBy: "fx>").count >= 3 }
        try terminal.send("C-d")
        #expect(try exitStatus(fx) == "EXIT=0")
    }

    /// `TERM=dumb` gives the plain prompt, whose mistakes are answered as anywhere: by a command's
    /// full name, never an alias (`con` was answered with 'conv').
    @Test func aDumbTerminalSuggestsTheFullCommandName() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let terminal = try start(fx, term: "dumb")
        defer { terminal.close() }
        try terminal.send("con", "Enter")
        let screen = try terminal.waitFor { $0.contains("Did you mean") }
        #expect(screen.contains("Unknown command 'con'. Did you mean 'convert'?"), "\(screen)")
        try terminal.send("C-d")
        #expect(try exitStatus(fx) == "EXIT=0")
    }

    /// With `afterReplacingAFile`, the config is replaced first: fx's handler that removes
    /// temporary files on a signal then stands before the prompt's, and Ctrl-C must still reach it.
    @Test(arguments: [false, true])
    func ctrlCCancelsAFetchThatHangs(afterReplacingAFile: Bool) throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        fx.environment["FX_TIMEOUT"] = "60"
        let terminal = try start(fx, options: "")
        defer { terminal.close() }
        if afterReplacingAFile {
            try terminal.send("sources disable boc", "Enter")
            try terminal.waitFor(timeout: 10) { $0.components(separatedBy: "fx>").count >= 3 }
        }
        try terminal.send("100 usd eur", "Enter")
        try terminal.waitFor(timeout: 10) { _ in !server.requests.isEmpty }
        let started = Date()
        try terminal.send("C-c")
        let screen = try terminal.waitFor(timeout: 10) { $0.contains("89.51 EUR") }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(screen.contains("European Central Bank: interrupted; using built-in ECB rates"), "\(screen)")
        #expect(screen.contains("100.00 USD = 89.51 EUR"))
    }
}
