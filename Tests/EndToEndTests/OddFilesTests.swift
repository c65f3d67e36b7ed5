import FXTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What stands in the place of fx's files is not always what fx wrote: a FIFO, a link, a huge
/// file, a file size limit, a temporary file left by a killed fx; and a script line may be huge.
/// Each costs one warning or one error, never a hang, a crash or a write elsewhere.
@Suite struct OddFilesTests {
    /// `fx` run by `launcher` (`timeout`, a shell setting a limit) with the runner's environment.
    static func run(_ fx: FXRunner, _ arguments: [String], launcher: [String], stdin: Data = Data()) throws -> FXRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher[0])
        process.arguments = Array(launcher.dropFirst()) + [try FXRunner.binary().path] + arguments
        process.environment = fx.environment
        let out = fx.home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = fx.home.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.feed(stdin)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return FXRunner.Result(
            stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8),
            status: process.terminationStatus)
    }

    /// Killed after 20 s: a hang shows as status 137.
    static let within20Seconds = ["/usr/bin/timeout", "-s", "KILL", "20"]

    @Test func aFIFOInPlaceOfAnyStateFileIsOneWarningAndNoHang() throws {
        for (directory, name) in [
            ("cache/fx", "latest.json"), ("cache/fx", "usage.json"), ("cache/fx", "history-ecb.txt"), ("state/fx", "log.jsonl"),
            ("config/fx", "config.json"),
        ] {
            let fx = FXRunner()
            defer { fx.cleanUp() }
            let folder = fx.home.appendingPathComponent(directory)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
            for arguments in [["100", "usd", "eur"], ["rate", "usd", "eur", "on", "2026-09-01"]] {
                let result = try Self.run(fx, arguments, launcher: Self.within20Seconds)
                #expect(result.status != 137, "\(name): fx hung on \(arguments)")
                #expect(result.stdout.contains("EUR"), "\(name): \(result.stdout) \(result.stderr)")
            }
            if name != "usage.json" && name != "history-ecb.txt" {
                let result = try Self.run(fx, ["100", "usd", "eur"], launcher: Self.within20Seconds)
                #expect(name == "latest.json" || result.stderr.contains("not a regular file"), "\(name): \(result.stderr)")
            }
        }
    }

    @Test func aSymlinkedLogAndLockAreNotFollowed() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let state = fx.home.appendingPathComponent("state/fx")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let target = fx.home.appendingPathComponent("target").path
        let lockTarget = fx.home.appendingPathComponent("lock-target").path
        _ = FileManager.default.createFile(atPath: target, contents: Data("keep\n".utf8))
        _ = FileManager.default.createFile(atPath: lockTarget, contents: Data("0123456789abcdefKEEP".utf8))
        #expect(symlink(target, state.appendingPathComponent("log.jsonl").path) == 0)
        var result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0 && result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.contains("a symbolic link, which fx does not follow"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: target) == Data("keep\n".utf8))
        unlink(state.appendingPathComponent("log.jsonl").path)
        unlink(state.appendingPathComponent("log.jsonl.lock").path)
        #expect(symlink(lockTarget, state.appendingPathComponent("log.jsonl.lock").path) == 0)
        result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0 && result.stderr.contains("a symbolic link, which fx does not follow"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: lockTarget) == Data("0123456789abcdefKEEP".utf8))
    }

    @Test func hugeStateFilesAreRefusedQuickly() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        try fx.writeCache("")
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: config.path, contents: nil)
        #expect(truncate(fx.cacheFile.path, 2 << 30) == 0 && truncate(config.path, 2 << 30) == 0)
        let started = Date()
        let result = try Self.run(fx, ["100", "usd", "eur"], launcher: Self.within20Seconds)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.status == 0 && result.stdout == "100.00 USD = 89.51 EUR\n", "\(result.stderr)")
        #expect(result.stderr.contains("ignoring \(config.path): larger than 4 MiB"), "\(result.stderr)")
        #expect(result.stderr.contains("larger than any cache file (4 MiB)"), "\(result.stderr)")
        // The cache is set aside; the config, the user's, stays.
        #expect(FileManager.default.fileExists(atPath: fx.cacheFile.path + ".corrupt"))
        #expect((try? FileManager.default.attributesOfItem(atPath: config.path)[.size] as? Int) == 2 << 30)
    }

    @Test func aScriptLineBeyondOneMiBIsOneErrorAndTheNextIsAnswered() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        var input = Data("100 usd eur\n".utf8)
        input.append(Data(repeating: UInt8(ascii: "1"), count: 3 << 20))
        input.append(Data("\n200 usd eur\n".utf8))
        let result = try Self.run(fx, [], launcher: Self.within20Seconds, stdin: input)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n200.00 USD = 179.02 EUR\n")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fx:") }
        #expect(errors == ["fx: line 2: The line is longer than 1 MiB; it was skipped unread."], "\(result.stderr)")
        #expect(result.status != 0 && result.status != 137)
    }

    @Test func underAFileSizeLimitAnAppendIsWholeOrAbsentAndSaidInOneLine() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let log = fx.home.appendingPathComponent("state/fx/log.jsonl")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let before = Data((String(repeating: "x", count: 4085) + "\n").utf8)  // 10 bytes short of 4 KiB
        try before.write(to: log)
        let result = try Self.run(fx, ["100", "usd", "eur"], launcher: ["/bin/bash", "-c", #"ulimit -f 4; exec "$@""#, "fx"])
        #expect(result.status == 0 && result.stdout == "100.00 USD = 89.51 EUR\n", "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("file too large (the file size limit, ulimit -f, is reached)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("log.jsonl") }.count == 1, "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: log.path) == before)
    }

    @Test func staleTemporaryFilesOfAGoneProcessAreRemoved() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let directory = fx.home.appendingPathComponent("config/fx")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: directory.appendingPathComponent("config.json.tmp-2147483646-7").path, contents: Data("{".utf8))
        let result = try fx.run(["sources", "disable", "boc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["config.json", "config.lock"])
    }
}
