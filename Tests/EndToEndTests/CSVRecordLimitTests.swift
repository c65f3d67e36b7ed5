import FXTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A record's 1 MiB cap counts the bytes as written: delimiters and quotes too. A line of commas
/// stores no field byte, and once grew a field range per comma (100 MB of commas: 2.1 GB, 7 s).
@Suite struct CSVRecordLimitTests {
    static let columns = ["--amount", "2", "--currency", "3", "--date", "1", "--to", "eur"]

    /// fx's stderr, exit status, peak resident memory in KiB and seconds for `fx --offline csv <path> …`.
    /// The peak is fx's own VmHWM, sampled every 2 ms while it runs: wait4's ru_maxrss would start
    /// from this test process's own peak (posix_spawn's child execs from the parent's memory).
    static func run(_ fx: FXRunner, _ path: String, _ words: [String]) throws -> (
        stderr: String, status: Int32, peakKiB: Int, seconds: Double
    ) {
        let binary = try FXRunner.binary().path
        let errors = fx.home.appendingPathComponent("stderr-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([binary, "--offline", "csv", path] + words).map { strdup($0) } + [nil]
        let environment = fx.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var child: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&child, binary, &actions, nil, argv, environment)
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        var status: Int32 = 0
        var peak = 0
        while true {
            // Read before each wait: once fx has ended, its memory figures are gone.
            peak = max(peak, highWaterMark(of: child) ?? 0)
            let waited = waitpid(child, &status, WNOHANG)
            if waited == child || (waited < 0 && errno != EINTR) { break }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let stderr = try String(contentsOfFile: errors, encoding: .utf8)
        // Exited normally: the status; killed by a signal: 128 and its number, as a shell says.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
        return (stderr, exit, peak, seconds)
    }

    /// `VmHWM` of /proc/<pid>/status, in KiB: the process's peak resident memory so far.
    static func highWaterMark(of pid: pid_t) -> Int? {
        // Read to the end with read(2): procfs files say they are empty to stat.
        let fd = open("/proc/\(pid)/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.dropFirst(6).split { $0 == " " || $0 == "\t" }.first ?? "") }
    }

    @Test func aFiftyMegabyteLineOfCommasEndsAtTheCapInFlatMemory() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let path = fx.home.appendingPathComponent("commas.csv").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data("Date,Amount,Currency\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: ","), count: 1 << 20)
        for _ in 0..<50 { handle.write(block) }
        handle.write(Data("\n2026-10-01,1,usd\n".utf8))
        try handle.close()

        let run = try Self.run(fx, path, Self.columns)
        #expect(run.status == 1)
        #expect(run.stderr.contains("commas.csv:2: a record longer than 1 MiB"), "\(run.stderr.prefix(300))")
        // A mebibyte of commas is a million field ranges (16 MB) at most; unbounded, 50 MB of them took 1 GB.
        #expect(run.peakKiB > 0 && run.peakKiB < 80 << 10, "peak \(run.peakKiB) KiB")
        #expect(run.seconds < 10, "\(run.seconds) s")
    }

    @Test func aRecordOfQuotesCountsItsQuotes() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let path = fx.home.appendingPathComponent("quotes.csv").path
        // 1.5 MB as written, 0.75 MB once the doubled quotes are read as one.
        let field = "\"" + String(repeating: "\"\"", count: 750_000) + "\""
        try Data(("Date,Amount,Currency\n2026-10-01,1," + field + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let run = try Self.run(fx, path, Self.columns)
        #expect(run.status == 1)
        #expect(run.stderr.contains("quotes.csv:2: a record longer than 1 MiB"), "\(run.stderr.prefix(300))")
    }

    @Test func aMissingColumnAmongHalfAMillionIsNamedInOneShortLine() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let path = fx.home.appendingPathComponent("wide.csv").path
        let letters = (0..<500_000).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
        try Data((letters.joined(separator: ",") + "\n").utf8).write(to: URL(fileURLWithPath: path))

        let named = try Self.run(fx, path, ["--amount", "Amount", "--from", "usd", "--date", "1", "--to", "eur"])
        #expect(named.status == 2)
        #expect(
            named.stderr
                == "fx: \(path): no column 'Amount' for --amount; the file has 500,000 columns: "
                + "1 a, 2 b, 3 c, 4 d, 5 e, 6 f, 7 g, 8 h, 9 i, 10 j and 499,990 more.\n", "\(named.stderr.prefix(300))")
        let numbered = try Self.run(fx, path, ["--amount", "500001", "--from", "usd", "--date", "1", "--to", "eur"])
        #expect(numbered.status == 2)
        #expect(
            numbered.stderr
                == "fx: \(path): no column 500001 for --amount; the file has 500,000: "
                + "1 a, 2 b, 3 c, 4 d, 5 e, 6 f, 7 g, 8 h, 9 i, 10 j and 499,990 more.\n", "\(numbered.stderr.prefix(300))")
    }
}
