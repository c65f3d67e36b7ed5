import FXPlatform
import Foundation
import Testing

/// The child-process runner on its own: the shell stands in for any program.
@Suite(.serialized) struct ChildProcessTests {
    static func run(_ script: String, input: String = "", seconds: Double = 5, maxBytes: Int = 1 << 16) async -> Result<
        Data, ChildProcess.Failure
    > {
        await ChildProcess(path: "/bin/sh", arguments: ["-c", script], input: Data(input.utf8), seconds: seconds, maxBytes: maxBytes)
            .output()
    }

    @Test func theInputGoesInAndTheOutputComesOut() async throws {
        #expect(try await Self.run("tr a-z A-Z", input: "fetch this").get() == Data("FETCH THIS".utf8))
    }

    @Test func aChildPastItsDeadlineIsKilled() async {
        let start = Date()
        #expect(await Self.run("exec sleep 30", seconds: 0.3) == .failure(.timedOut))
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func aChildThatClosesItsOutputAndHangsIsKilledAtTheDeadline() async {
        let start = Date()
        #expect(await Self.run("exec 1>&-; exec sleep 30", seconds: 0.5) == .failure(.timedOut))
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func aRelativePathIsNeverRun() async {
        let run = ChildProcess(path: "sh", arguments: ["-c", "echo ran"], input: Data(), seconds: 5, maxBytes: 1024)
        #expect(await run.output() == .failure(.cannotStart("not an absolute path")))
    }

    @Test func outputPastTheCapIsRefused() async {
        #expect(await Self.run("head -c 2000000 /dev/zero") == .failure(.tooLarge))
    }

    @Test func signalsAreTold() async {
        #expect(await Self.run("kill -SEGV $$") == .failure(.crashed(signal: 11)))
        #expect(await Self.run("kill -INT $$") == .failure(.interrupted))
    }

    @Test func aMissingProgramCannotStart() async {
        let run = ChildProcess(path: "/nonexistent/program", input: Data(), seconds: 5, maxBytes: 1024)
        guard case .failure(.cannotStart) = await run.output() else { Issue.record("expected cannotStart"); return }
    }

    @Test func anInputTooLargeForAPipeIsRefusedBeforeTheStart() async {
        guard case .failure(.cannotPrepare) = await Self.run("cat", input: String(repeating: "x", count: 70_000)) else {
            Issue.record("expected cannotPrepare")
            return
        }
    }

    /// The input is in the pipe before the child starts: a child that dies without reading it
    /// must not end the caller by SIGPIPE (fx leaves SIGPIPE at its default, as Unix tools do).
    @Test func aChildThatNeverReadsItsInputLeavesTheCallerStanding() async {
        let input = String(repeating: "x", count: 50_000)
        for _ in 0..<20 {
            #expect(await Self.run("exec 0<&-; kill -SEGV $$", input: input) == .failure(.crashed(signal: 11)))
        }
    }

    /// A program still open for writing (an upgrade replacing it) cannot be run (ETXTBSY) for a
    /// moment: the run tries again instead of failing.
    @Test func aProgramBusyBeingWrittenIsTriedAgain() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fx-busy-\(UUID().uuidString)").path
        defer { unlink(path) }
        // Close-on-exec: a child another test spawns meanwhile must not keep the file busy too.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(fd >= 0)
        let script = "#!/bin/sh\necho ran\n"
        #expect(write(fd, script, script.utf8.count) == script.utf8.count)
        let run = Task { await ChildProcess(path: path, input: Data(), seconds: 5, maxBytes: 1024).output() }
        try await Task.sleep(for: .milliseconds(60))
        close(fd)
        #expect(await run.value == .success(Data("ran\n".utf8)))
    }

    @Test func aCancelledRunKillsTheChild() async {
        let run = ChildProcess(path: "/bin/sh", arguments: ["-c", "exec sleep 30"], input: Data(), seconds: 30, maxBytes: 1024)
        let start = Date()
        let task = Task { await run.output() }
        try? await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
