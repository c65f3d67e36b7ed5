import FXRates
import FXTestSupport
import Foundation

/// Runs the built `fx` binary in a sandbox of temporary XDG directories, pointed at a loopback server.
struct FXRunner {
    struct Result {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    let home: URL
    var environment: [String: String]
    /// Where fx runs; the test's own directory when nil.
    var workingDirectory: URL?

    var cacheFile: URL { home.appendingPathComponent("cache/fx/latest.json") }

    init(ecbURL: URL? = nil) {
        home = makeTemporaryDirectory("fx-e2e")
        environment = [
            "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        // Nothing in these tests may reach the internet: a closed loopback port unless told otherwise.
        environment["FX_ECB_URL"] = (ecbURL ?? URL(string: "http://127.0.0.1:9/ecb/")!).absoluteString
        for id in ["frankfurter", "boc", "oxr", "dunamu", "nasdaq", "kraken", "coinbase"] {
            environment["FX_\(id.uppercased())_URL"] = "http://127.0.0.1:9/\(id)/"
        }
    }

    func writeCache(_ json: String) throws {
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: cacheFile)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: home) }

    /// `stdoutPath` sends stdout there (`/dev/full`, a file on a full disk) instead of reading it
    /// back; `stdout` is then empty. `executable` runs another program (a shell) in the sandbox.
    func run(_ arguments: [String], stdin: String? = nil, stdoutPath: String? = nil, executable: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try executable ?? Self.binary()
        process.arguments = arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let outURL = stdoutPath.map(URL.init(fileURLWithPath:)) ?? home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        if !FileManager.default.fileExists(atPath: outURL.path) { _ = FileManager.default.createFile(atPath: outURL.path, contents: nil) }
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.feed(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        defer {
            if stdoutPath == nil { try? FileManager.default.removeItem(at: outURL) }
            try? FileManager.default.removeItem(at: errURL)
        }
        let result = Result(
            stdout: stdoutPath == nil ? try String(contentsOf: outURL, encoding: .utf8) : "",
            stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: process.terminationStatus)
        try Self.checkJSON(result.stdout, arguments: arguments, executable: executable)
        return result
    }

    /// Every JSON document a run writes follows `Documentation/fx.schema.json`: under `--json`
    /// each line of stdout, and anywhere a line that names the schema's version (`history … json`,
    /// a script's own `--json`). A document that does not fails the test that ran it.
    private static func checkJSON(_ stdout: String, arguments: [String], executable: URL?) throws {
        guard executable == nil else { return }
        let json = arguments.contains("--json")
        let documents = stdout.split(separator: "\n").filter { json || $0.hasPrefix(#"{"schema_version""#) }
        let problems = JSONSchemaCheck.fx.problems(inLines: documents.joined(separator: "\n"))
        guard problems.isEmpty else {
            throw RunnerError(
                description: "fx \(arguments.joined(separator: " ")) wrote JSON outside its schema:\n" + problems.joined(separator: "\n"))
        }
    }

    /// The `fx` built beside this test binary (`FX_BINARY` overrides).
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["FX_BINARY"] { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        for argument in CommandLine.arguments where argument.contains(".xctest") {
            var url = URL(fileURLWithPath: argument)
            while url.pathComponents.count > 1, !url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
            candidates.append(url.deletingLastPathComponent())
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        for directory in candidates {
            let url = directory.appendingPathComponent("fx")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw RunnerError(description: "fx binary not found; run 'swift build' first (looked in \(candidates.map(\.path)))")
    }
}

struct RunnerError: Error, CustomStringConvertible {
    let description: String
}

/// Serves the ECB daily file with today's latest publication date, so fx sees current data.
enum ECBServer {
    static let dailyPath = "/ecb/eurofxref-daily.xml"

    /// The newest date the ECB can have published by now.
    static func latestPublicationDate(now: Date = Date()) -> Day {
        let today = CentralEuropeanTime.day(at: now)
        var day = TargetCalendar.workingDay(onOrBefore: today)
        if day == today, now < CentralEuropeanTime.instant(on: today, hour: 16) {
            day = TargetCalendar.workingDay(onOrBefore: today.adding(days: -1))
        }
        return day
    }

    /// The real 2026-10-30 daily file, re-dated to `date`.
    static func daily(dated date: Day) -> Data {
        let text = String(decoding: fixture("eurofxref-daily.2026-10-30.xml"), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "time='2026-10-30'", with: "time='\(date)'").utf8)
    }

    static func current() throws -> LoopbackHTTPServer {
        let body = daily(dated: latestPublicationDate())
        return try LoopbackHTTPServer(routes: [dailyPath: .ok(body, headers: ["ETag": "\"v1\""])])
    }
}

extension LoopbackHTTPServer {
    var ecbURL: URL { baseURL.appendingPathComponent("ecb/") }
}

extension FileHandle {
    /// Writes a child's input, which the child may stop reading at any moment (fx stops at a
    /// failed write of its own, or at `--fail-fast`): a broken pipe is then EPIPE for this write,
    /// not SIGPIPE ending the whole test process without a word. SIGPIPE is blocked for this
    /// thread alone, since an ignored SIGPIPE would pass to the children the tests start, and one
    /// raised meanwhile is taken before the mask is restored.
    func feed(_ data: Data) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        try? write(contentsOf: data)
    }
}
