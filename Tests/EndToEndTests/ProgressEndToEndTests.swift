import FXTestSupport
import Foundation
import Synchronization
import Testing

/// A slow fetch at a terminal shows one live line on stderr (which source, the time, what has come
/// so far) and erases it; piped, nothing of it is written. The server holds the ECB's history
/// until the test has seen the line, so no test waits on time.
@Suite("Progress of slow work", .serialized)
struct ProgressEndToEndTests {
    /// Serves the ECB's daily file at once and its history only once `release` is called.
    final class HeldHistory: Sendable {
        let server: LoopbackHTTPServer
        private let gate = DispatchSemaphore(value: 0)
        private let released = Mutex(false)

        init() throws {
            let zip = try ECBFiles.zip(csv: ecbFullHistoryCSV)
            let daily = ECBServer.daily(dated: ECBServer.latestPublicationDate())
            let gate = self.gate
            server = try LoopbackHTTPServer { request in
                if request.path.hasSuffix("eurofxref-hist.zip") {
                    // Held (bounded, so the server's thread ends) until the test has seen the progress line.
                    _ = gate.wait(timeout: .now() + 60)
                    return .response(status: 200, headers: ["Content-Type": "application/zip"], body: zip)
                }
                if request.path == ECBServer.dailyPath { return .response(status: 200, headers: [:], body: daily) }
                return .response(status: 404, headers: [:], body: Data())
            }
        }

        func release() {
            guard
                released.withLock({ flag in
                    defer { flag = true }; return !flag
                })
            else { return }
            gate.signal()
        }

        deinit { gate.signal() }
    }

    @Test
    func aTerminalSeesTheLiveLineAndThenTheAnswerAlone() throws {
        guard TmuxTerminal.available else { return }
        let held = try HeldHistory()
        defer { held.release(); held.server.stop() }
        let fx = FXRunner(ecbURL: held.server.ecbURL)
        defer { fx.cleanUp() }
        var environment = fx.environment
        environment["TERM"] = "xterm"
        let terminal = try TmuxTerminal(
            command: "\(try FXRunner.binary().path) history usd jpy all --table; echo DONE; sleep 60", environment: environment)
        defer { terminal.close() }
        // The history is asked and held: the line names the source and the time so far.
        let during = try terminal.waitFor { $0.contains("European Central Bank · ") && $0.contains("s") }
        #expect(during.contains("European Central Bank · "), "\(during)")
        #expect(during.range(of: #"European Central Bank · [0-9]+\.[0-9]s"#, options: .regularExpression) != nil, "\(during)")
        held.release()
        let after = try terminal.waitFor(timeout: 60, scrollback: true) { $0.contains("DONE") }
        #expect(after.contains("DONE"), "\(after)")
        // Erased: no trace of it once the answer is out.
        #expect(!after.contains("European Central Bank · "), "\(after)")
        // The answer: the history's table of days and rates.
        #expect(after.range(of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}  +[0-9]"#, options: .regularExpression) != nil, "\(after)")
    }

    @Test
    func aPipeGetsNoProgressAtAll() throws {
        let held = try HeldHistory()
        defer { held.server.stop() }
        // Nothing to wait for when piped: the history is served at once.
        held.release()
        let fx = FXRunner(ecbURL: held.server.ecbURL)
        defer { fx.cleanUp() }
        let result = try fx.run(["history", "usd", "jpy", "all", "--table"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}") && !result.stderr.contains(" · "), "\(result.stderr)")
    }
}
