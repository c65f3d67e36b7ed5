import FXRates
import FXTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// fx-fetch as a process: what it does run by hand, the cap on what a compressed body inflates
/// to, a stalled fetch that sleeps rather than spins, helpers that end with fx, and no core file
/// holding a key (issues 34 and 35).
@Suite("fx-fetch, the process")
struct HelperProcessTests {
    static func helper() throws -> String {
        try FXRunner.binary().deletingLastPathComponent().appendingPathComponent("fx-fetch").path
    }

    @Test(arguments: [(["--help"], ""), ([], ""), ([], "{"), ([], #"{"url":"https://example.org/"}"#), (["-"], "{}")])
    func byHandItPrintsItsUsageAndExits2(arguments: [String], input: String) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let run = try WatchedProcess(try Self.helper(), arguments, environment: fx.environment, input: Data(input.utf8), directory: fx.home)
            .wait()
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        let lines = String(decoding: run.stderr, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("usage: fx-fetch"), "\(lines)")
    }

    /// 1 MB of gzip that inflates to 1 GiB: refused at the request's cap as it is decoded, in
    /// bounded memory (URLSession took 1.6 to 2.2 GB).
    @Test func aCompressedBodyStopsAtTheCap() throws {
        let bomb = Bombs.gzip(mebibytes: 1024)
        #expect(bomb.count < 2 << 20)
        let server = try LoopbackHTTPServer(routes: [
            "/bomb": .response(status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb),
            "/small": .ok(Data("{}".utf8), contentType: "application/json"),
        ])
        defer { server.stop() }
        let fx = FXRunner()
        defer { fx.cleanUp() }
        // wait4's peak counts the memory of the process that spawned it (this one) too: a small
        // fetch made the same way is the baseline.
        func fetch(_ path: String) throws -> WatchedProcess.Exit {
            let request = HTTPRequest(url: server.baseURL.appendingPathComponent(path), timeout: 120, maxBytes: 4 << 20)
            return try WatchedProcess(
                try Self.helper(), [], environment: fx.environment, input: FetchWire.encode(request), directory: fx.home
            )
            .wait()
        }
        let baseline = try fetch("small"), run = try fetch("bomb")
        #expect(run.status == 0)
        #expect(FetchWire.decodeResponse(run.stdout) == .failure(.tooLarge(limit: 4 << 20)))
        #expect(
            run.maxResidentKiB < baseline.maxResidentKiB + 32 << 10,
            "peak \(run.maxResidentKiB) KiB, \(baseline.maxResidentKiB) KiB for a small fetch")
    }

    /// Waiting on a server that never answers costs almost no CPU, in fx or in its helper.
    @Test func aStalledFetchSleeps() throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.baseURL.appendingPathComponent("ecb/"))
        defer { fx.cleanUp() }
        fx.environment["FX_TIMEOUT"] = "3"
        let run = try WatchedProcess(try FXRunner.binary().path, ["refresh", "ecb"], environment: fx.environment, directory: fx.home).wait()
        #expect(run.wallSeconds >= 3)
        #expect(run.cpuSeconds < run.wallSeconds / 4, "\(run.cpuSeconds) s of CPU in \(run.wallSeconds) s")
    }

    /// fx killed while its helper waits: the helper ends too, long before its own deadline.
    @Test(arguments: [SIGTERM, SIGHUP, SIGPIPE, SIGKILL])
    func helpersEndWithFx(signal: Int32) throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.baseURL.appendingPathComponent("ecb/"))
        defer { fx.cleanUp() }
        fx.environment["FX_TIMEOUT"] = "120"
        let process = try WatchedProcess(try FXRunner.binary().path, ["refresh", "ecb"], environment: fx.environment, directory: fx.home)
        var helpers: [pid_t] = []
        let asked = WatchedProcess.eventually(within: 60) {
            helpers = WatchedProcess.children(of: process.pid)
            return !server.requests.isEmpty && !helpers.isEmpty
        }
        kill(process.pid, signal)
        let exit = process.wait()
        #expect(asked)
        #expect(exit.signal == signal || (exit.status ?? 0) != 0)
        #expect(
            WatchedProcess.eventually(within: 10) { helpers.allSatisfy { !WatchedProcess.isRunning($0) } }, "helpers \(helpers) still run")
    }

    /// SIGINT while fetching ends fx with status 130, as a shell reports Ctrl-C.
    @Test func anInterruptExits130() throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.baseURL.appendingPathComponent("ecb/"))
        defer { fx.cleanUp() }
        fx.environment["FX_TIMEOUT"] = "120"
        let process = try WatchedProcess(try FXRunner.binary().path, ["refresh", "ecb"], environment: fx.environment, directory: fx.home)
        let asked = WatchedProcess.eventually(within: 60) { !server.requests.isEmpty }
        kill(process.pid, SIGINT)
        let exit = process.wait()
        #expect(asked)
        #expect(
            exit.status == 130 || exit.signal == SIGINT,
            "status \(String(describing: exit.status)), signal \(String(describing: exit.signal))")
        #expect(exit.wallSeconds < 60)
    }

    /// With an API key configured, fx leaves no core file (it would hold the key); without one it
    /// does, which shows the machine writes cores at all (else there is nothing to tell).
    @Test func noCoreFileHoldsAKey() throws {
        let pattern = (try? String(contentsOfFile: "/proc/sys/kernel/core_pattern", encoding: .utf8)) ?? ""
        guard !pattern.hasPrefix("|"), !pattern.contains("/") else { return }
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        func cores(withKey: Bool) throws -> [String] {
            var fx = FXRunner(ecbURL: server.baseURL.appendingPathComponent("ecb/"))
            defer { fx.cleanUp() }
            fx.environment["FX_TIMEOUT"] = "60"
            // A debug build's backtracer would catch the signal and let fx run on.
            fx.environment["SWIFT_BACKTRACE"] = "enable=no"
            if withKey { fx.environment["FX_OXR_APP_ID"] = "core-key-5d1f0c" }
            let directory = fx.home.appendingPathComponent("cwd")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let before = server.requests.count
            let process = try WatchedProcess(
                "/bin/sh", ["-c", "cd '\(directory.path)' && ulimit -c unlimited && exec '\(try FXRunner.binary().path)' refresh ecb"],
                environment: fx.environment, directory: fx.home)
            _ = WatchedProcess.eventually(within: 60) { server.requests.count > before }
            kill(process.pid, SIGABRT)
            _ = process.wait()
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("core") }
        }
        guard try !cores(withKey: false).isEmpty else { return }
        #expect(try cores(withKey: true).isEmpty)
    }
}
