import FXTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `csv -o` through the built binary (issue 23, items 5 and 6): only a regular file or nothing may
/// stand at the output path, a replaced file keeps its mode and owner, and the temporary file
/// beside it is gone after Ctrl-C, SIGTERM or SIGHUP, and after a kill -9 once fx next writes there.
@Suite struct CSVOutputFileTests {
    static let words = ["--offline", "csv"]
    static let columns = ["--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur"]

    /// A sandbox holding `statement.csv` of `rows` rows (rows × 29 bytes).
    static func withStatement(rows: Int = 3, _ body: (FXRunner, String) throws -> Void) throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let path = fx.home.appendingPathComponent("statement.csv").path
        let text = "Date,Memo,Amount,Currency\n" + String(repeating: "2026-10-01,coffee,100.00,USD\n", count: rows)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try body(fx, path)
    }

    static func convert(_ fx: FXRunner, _ input: String, to output: String) throws -> FXRunner.Result {
        try fx.run(words + [input] + columns + ["-o", output])
    }

    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    static func temporaries(_ fx: FXRunner) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fx.home.path)) ?? []).filter { $0.contains(".tmp-") }
    }

    @Test func aLinkIsRefusedAndStillLeadsToTheFileUnchanged() throws {
        try Self.withStatement { fx, input in
            let kept = fx.home.appendingPathComponent("kept.csv").path, link = fx.home.appendingPathComponent("out.csv").path
            _ = FileManager.default.createFile(atPath: kept, contents: Data("keep\n".utf8))
            #expect(symlink(kept, link) == 0)
            let result = try Self.convert(fx, input, to: link)
            #expect(result.status == 1 && result.stdout == "")
            #expect(result.stderr == "fx: cannot write \(link): a symbolic link, which fx does not follow.\n")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == kept)
            #expect(FileManager.default.contents(atPath: kept) == Data("keep\n".utf8))
            #expect(Self.temporaries(fx) == [])
        }
    }

    @Test func aFIFOAndADirectoryAreRefusedAndLeftAsTheyWere() throws {
        try Self.withStatement { fx, input in
            let fifo = fx.home.appendingPathComponent("fifo.csv").path, folder = fx.home.appendingPathComponent("folder").path
            #expect(mkfifo(fifo, 0o600) == 0 && mkdir(folder, 0o700) == 0)
            let refusals = [fifo: "not a regular file but a FIFO, a device or a socket", folder: "a directory, not a file"]
            for (path, refusal) in refusals {
                let result = try Self.convert(fx, input, to: path)
                #expect(result.status == 1 && result.stderr == "fx: cannot write \(path): \(refusal).\n", "\(result.stderr)")
            }
            #expect(Self.kind(fifo) == S_IFIFO && Self.kind(folder) == S_IFDIR)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
            #expect(Self.temporaries(fx) == [])
        }
    }

    /// `/dev/null` itself where fx runs unprivileged (it cannot replace it then, fixed or not);
    /// as root, a null device made in the sandbox (mknod, /dev/null's numbers), so no run can turn the machine's
    /// /dev/null into a file.
    @Test func aDeviceIsRefusedAndStaysADevice() throws {
        try Self.withStatement { fx, input in
            var device = "/dev/null"
            if geteuid() == 0 {
                device = fx.home.appendingPathComponent("null").path
                var null = stat()
                try #require(stat("/dev/null", &null) == 0 && mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0, "mknod: \(errno)")
            }
            let result = try Self.convert(fx, input, to: device)
            #expect(result.status == 1)
            #expect(result.stderr == "fx: cannot write \(device): not a regular file but a FIFO, a device or a socket.\n")
            #expect(Self.kind(device) == S_IFCHR)
            #expect(Self.temporaries(fx) == [])
        }
    }

    @Test func aPrivateOutputStaysPrivateAndKeepsItsOwner() throws {
        try Self.withStatement { fx, input in
            let output = fx.home.appendingPathComponent("private.csv").path
            _ = FileManager.default.createFile(atPath: output, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o600])
            // Only root may give a file away; elsewhere the writer owns it anyway.
            let owner: uid_t = geteuid() == 0 ? 4321 : geteuid()
            #expect(chown(output, owner, getegid()) == 0)
            let result = try Self.convert(fx, input, to: output)
            #expect(result.status == 0, "\(result.stderr)")
            let attributes = try FileManager.default.attributesOfItem(atPath: output)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            #expect((attributes[.ownerAccountID] as? NSNumber)?.uint32Value == owner)
            #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("Date,Memo,Amount,Currency,rate,"))
        }
    }

    /// A long `csv -o` (two million rows, ~126 MB out): started, stopped by `signal` once its
    /// temporary file is growing. fx dies of the signal, as before, and leaves no temporary file.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringALongWriteLeavesNoTemporaryFile(signal: Int32) throws {
        try Self.withStatement(rows: 2_000_000) { fx, input in
            let output = fx.home.appendingPathComponent("out.csv").path
            let child = try Self.start(fx, input, to: output)
            let temporary = try Self.waitForGrowingTemporary(fx, of: child)
            kill(child, signal)
            let status = Self.wait(child)
            #expect(status & 0x7f == signal, "wait status \(status): fx did not die of the signal")
            #expect(!FileManager.default.fileExists(atPath: temporary), "\(temporary) left")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    /// Removed by the next write fx makes in that directory, of the same file or of another
    /// (issue 34, item 5: a killed conversion never repeated once left its gigabyte for good).
    @Test(arguments: ["out.csv", "other.csv"])
    func aKilledWritersTemporaryFileIsRemovedByTheNextWrite(next name: String) throws {
        try Self.withStatement(rows: 2_000_000) { fx, input in
            let output = fx.home.appendingPathComponent("out.csv").path
            let child = try Self.start(fx, input, to: output)
            let temporary = try Self.waitForGrowingTemporary(fx, of: child)
            kill(child, SIGKILL)
            #expect(Self.wait(child) & 0x7f == SIGKILL)
            // Nothing runs at a kill -9: the file stays until the next write.
            #expect(FileManager.default.fileExists(atPath: temporary))
            let small = fx.home.appendingPathComponent("small.csv").path
            try Data("Date,Memo,Amount,Currency\n2026-10-01,tea,3.00,USD\n".utf8).write(to: URL(fileURLWithPath: small))
            let next = try Self.convert(fx, small, to: fx.home.appendingPathComponent(name).path)
            #expect(next.status == 0, "\(next.stderr)")
            #expect(!FileManager.default.fileExists(atPath: temporary), "\(temporary) left")
            #expect(Self.temporaries(fx) == [])
        }
    }

    /// fx writing `input` converted to `output`, its output discarded. Spawned with every signal
    /// unblocked and at its default, as a shell starts it: the test's threads block some, and a
    /// child inherits the mask (Foundation's Process passes it on).
    static func start(_ fx: FXRunner, _ input: String, to output: String) throws -> pid_t {
        let binary = try FXRunner.binary().path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([binary] + words + [input] + columns + ["-o", output]).map { strdup($0) } + [nil]
        let environment = fx.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, binary, &actions, &attributes, argv, environment)
        try #require(status == 0, "posix_spawn: \(status)")
        return child
    }

    /// `child`'s wait status once it has ended.
    static func wait(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The path of `process`'s temporary file once it holds a mebibyte (so the write is under way).
    static func waitForGrowingTemporary(_ fx: FXRunner, of child: pid_t) throws -> String {
        let prefix = "out.csv.tmp-\(child)-"
        let deadline = Date() + 30
        var status: Int32 = 0
        var ended = false
        while Date() < deadline, !ended {
            if let name = temporaries(fx).first(where: { $0.hasPrefix(prefix) }) {
                let path = fx.home.appendingPathComponent(name).path
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                if size >= 1 << 20 { return path }
            }
            Thread.sleep(forTimeInterval: 0.005)
            ended = waitpid(child, &status, WNOHANG) == child
        }
        if !ended {
            kill(child, SIGKILL)
            _ = wait(child)
        }
        struct NotSeen: Error, CustomStringConvertible { let description = "fx ended before its temporary file held 1 MiB" }
        throw NotSeen()
    }
}
