// swift-subprocess spawns, reads and reaps (issue 22, item 6), replacing 217 lines of posix_spawn,
// poll and waitid at no measurable cost to a one-shot answer: the figures are in
// Benchmarks/README.md, "Libraries in place of fx's own code". Its async input writer is not used
// (see `standardInput`). Its default trait SubprocessFoundation imports FoundationEssentials alone
// on Linux (no ICU), so it stays on and tools-version 6.0 suffices.
import Subprocess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// One run of a program: spawned with a small input on its stdin, its stdout collected until it
/// exits, killed past a deadline or an output size. swift-subprocess spawns, reads and reaps;
/// cancelling the calling task kills the child.
public final class ChildProcess: Sendable {
    /// Why a run gave no output.
    public enum Failure: Error, Sendable, Equatable {
        /// The caller cancelled the run.
        case cancelled
        /// It ran past its deadline and was killed.
        case timedOut
        /// It wrote more than allowed and was killed.
        case tooLarge
        /// Its stdin or stdout could not be set up (the system's reason, when there is one).
        case cannotPrepare(String?)
        /// It could not be started, for this reason.
        case cannotStart(String)
        /// SIGINT ended it: Ctrl-C at a terminal reaches a child in the caller's process group too.
        case interrupted
        /// Another signal ended it.
        case crashed(signal: Int32)
    }

    private let path: String
    private let arguments: [String]
    private let input: Data
    private let seconds: Double
    private let maxBytes: Int

    /// `input` must be under 60,000 bytes (the wire's requests are far smaller).
    /// `seconds` and `maxBytes` bound the run; past either the child is killed.
    public init(path: String, arguments: [String] = [], input: Data, seconds: Double, maxBytes: Int) {
        self.path = path
        self.arguments = arguments
        self.input = input
        self.seconds = seconds
        self.maxBytes = maxBytes
    }

    /// Everything the child wrote on stdout, once it exited normally; cancelled with the calling task.
    public func output() async -> Result<Data, Failure> {
        // A relative path resolves against the working directory: whatever lies there would run,
        // and be handed the input.
        guard path.hasPrefix("/") else { return .failure(.cannotStart("not an absolute path")) }
        if Task.isCancelled { return .failure(.cancelled) }
        // The deadline races the run; the loser is cancelled, which kills a child still running,
        // and the group returns once it has been reaped.
        let outcome = await withTaskGroup(of: Result<Data, Failure>?.self) { group in
            group.addTask { await self.run() }
            group.addTask {
                guard (try? await Task.sleep(for: .seconds(self.seconds))) != nil else { return nil }
                return .failure(.timedOut)
            }
            for await case let outcome? in group {
                group.cancelAll()
                return outcome
            }
            return .failure(.cancelled)
        }
        return Task.isCancelled ? .failure(.cancelled) : outcome
    }

    private func run(attempt: Int = 1) async -> Result<Data, Failure> {
        let stdin: FileDescriptor
        switch standardInput() {
        case .success(let descriptor): stdin = descriptor
        case .failure(let failure): return .failure(failure)
        }
        do {
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(arguments),
                input: .fileDescriptor(stdin, closeAfterSpawningProcess: true), output: .bytes(limit: maxBytes),
                // Libraries in the child (libcurl, Foundation) must never write on the user's terminal.
                error: .discarded)
            switch result.terminationStatus {
            case .signaled(SIGINT): return .failure(.interrupted)
            case .signaled(let signal): return .failure(.crashed(signal: signal))
            case .exited: return .success(Data(result.standardOutput))
            }
        } catch let error as SubprocessError {
            switch error.code {
            case .outputLimitExceeded: return .failure(.tooLarge)
            case .spawnFailed, .executableNotFound:
                // A program being replaced (an upgrade in progress) is briefly "busy"; try again shortly.
                if error.underlyingError == .textFileBusy, attempt < 10, (try? await Task.sleep(for: .milliseconds(20))) != nil {
                    return await run(attempt: attempt + 1)
                }
                return .failure(.cannotStart(error.underlyingError.map { String(cString: strerror($0.rawValue)) } ?? "\(error)"))
            default: return .failure(Task.isCancelled ? .cancelled : .cannotPrepare("\(error)"))
            }
        } catch {
            return .failure(.cancelled)
        }
    }

    /// The child's stdin: a pipe already holding the input, written before the child exists.
    /// Subprocess's own input writer writes after the start, and a write to a child that has
    /// already died (a crash) would end fx by SIGPIPE, which fx leaves at its default (`fx | head`).
    private func standardInput() -> Result<FileDescriptor, Failure> {
        guard input.count < 60_000 else { return .failure(.cannotPrepare("an input of \(input.count) bytes is too large for a pipe")) }
        do {
            let (read, write) = try FileDescriptor.pipe()
            defer { try? write.close() }
            // Subprocess closes every other descriptor in its children; this keeps any other
            // program fx might start from holding the pipe open too.
            _ = fcntl(read.rawValue, F_SETFD, FD_CLOEXEC)
            do { _ = try write.writeAll(input) } catch {
                try? read.close()
                throw error
            }
            return .success(read)
        } catch {
            return .failure(.cannotPrepare((error as? Errno).map { String(cString: strerror($0.rawValue)) } ?? "\(error)"))
        }
    }
}
