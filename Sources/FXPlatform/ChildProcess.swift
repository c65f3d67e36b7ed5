import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of a program: spawned with a small input waiting on its stdin, its stdout read until
/// it exits, killed past a deadline or an output size. Reads block, so they run on a thread of
/// their own; cancelling the calling task kills the child.
public final class ChildProcess: @unchecked Sendable {
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
        /// `posix_spawn` refused to start it, for this reason.
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
    /// The running child's pid (0 when none) and whether the run was cancelled.
    private let state = Mutex<(pid: pid_t, cancelled: Bool)>((0, false))

    /// `input` must fit in a pipe (under 60,000 bytes): it is written before the child starts.
    /// `seconds` and `maxBytes` bound the run; past either the child is killed.
    public init(path: String, arguments: [String] = [], input: Data, seconds: Double, maxBytes: Int) {
        self.path = path
        self.arguments = arguments
        self.input = input
        self.seconds = seconds
        self.maxBytes = maxBytes
    }

    /// Kills the child if it runs; a run not yet started will not start.
    public func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.pid > 0 { kill(state.pid, SIGKILL) }
        }
    }

    /// Everything the child wrote on stdout, once it exited normally; cancelled with the calling task.
    public func output() async -> Result<Data, Failure> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Blocking reads belong on a thread of their own, not on the executor that awaits them.
                DetachedThread.start { continuation.resume(returning: self.perform()) }
            }
        } onCancel: {
            cancel()
        }
    }

    func perform() -> Result<Data, Failure> {
        let started = state.withLock { state -> Result<(pid_t, Int32), Failure> in
            if state.cancelled { return .failure(.cancelled) }
            let started = Self.spawn(path, arguments: arguments, input: input)
            if case .success(let (child, _)) = started { state.pid = child }
            return started
        }
        guard case .success(let (child, outputFD)) = started else {
            if case .failure(let error) = started { return .failure(error) }
            return .failure(.cancelled)
        }
        defer { close(outputFD) }

        let deadline = Date().addingTimeInterval(seconds)
        var data = Data()
        var failure: Failure?
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { failure = .timedOut; break }
            var poller = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { failure = .cannotPrepare(String(cString: strerror(errno))); break }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > maxBytes { failure = .tooLarge; break }
        }
        // A child that closed its stdout may still hang (in its exit handlers, say): the deadline
        // holds until it has exited. Waiting does not reap it, so `cancel` can never kill a recycled pid.
        var info = siginfo_t()
        while failure == nil {
            info = siginfo_t()
            let waited = waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT | WNOHANG)
            if waited < 0 && errno == EINTR { continue }
            if waited < 0 || info.si_signo != 0 { break }  // SIGCHLD once it has exited; 0 while it runs
            if deadline.timeIntervalSinceNow <= 0 { failure = .timedOut; break }
            usleep(2_000)
        }
        if failure != nil { kill(child, SIGKILL) }
        while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        state.withLock { $0.pid = 0 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if state.withLock({ $0.cancelled }) { return .failure(.cancelled) }
        if let failure { return .failure(failure) }
        let signal = status & 0x7F
        if signal == SIGINT { return .failure(.interrupted) }
        if signal != 0, signal != 0x7F { return .failure(.crashed(signal: signal)) }
        return .success(data)
    }
}

extension ChildProcess {
    /// Pipes and spawn happen under one lock: a pipe made by one thread must be close-on-exec
    /// before another thread's child starts, or that child would hold it open.
    private static let spawning = Mutex(())

    /// Starts the child with `input` waiting on its stdin; returns its pid and the read end of its stdout.
    /// The input is written before the child exists, so no write can meet a closed pipe (SIGPIPE).
    static func spawn(_ path: String, arguments: [String], input: Data) -> Result<(pid_t, Int32), Failure> {
        spawning.withLock { _ in spawnLocked(path, arguments: arguments, input: input) }
    }

    private static func spawnLocked(_ path: String, arguments: [String], input: Data) -> Result<(pid_t, Int32), Failure> {
        // posix_spawn resolves a relative path against the working directory: whatever lies there
        // would run, and be handed the input.
        guard path.hasPrefix("/") else { return .failure(.cannotStart("not an absolute path")) }
        let stdinFD: Int32
        switch standardInput(input) {
        case .success(let fd): stdinFD = fd
        case .failure(let failure): return .failure(failure)
        }
        defer { close(stdinFD) }
        guard let stdout = Pipe.make() else { return .failure(.cannotPrepare(nil)) }
        defer { close(stdout.write) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinFD, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        // Libraries in the child (libcurl, Foundation) must never write on the user's terminal.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Signals ignored by the caller's parent (nohup, a background job) or blocked in the spawning
        // thread start at their defaults and unblocked in the child, so Ctrl-C and a closed pipe end it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        var status = posix_spawn(&child, path, &actions, &attributes, argv, environment)
        // A program being replaced (an upgrade in progress) is briefly "busy"; try again shortly.
        for _ in 0..<10 where status == ETXTBSY {
            usleep(20_000)
            status = posix_spawn(&child, path, &actions, &attributes, argv, environment)
        }
        guard status == 0 else {
            close(stdout.read)
            return .failure(.cannotStart(String(cString: strerror(status))))
        }
        return .success((child, stdout.read))
    }

    /// The child's stdin, close-on-exec: a pipe already holding the input (a pipe holds 64 KiB).
    private static func standardInput(_ input: Data) -> Result<Int32, Failure> {
        guard input.count < 60_000 else { return .failure(.cannotPrepare("an input of \(input.count) bytes is too large for a pipe")) }
        guard let pipe = Pipe.make() else { return .failure(.cannotPrepare(String(cString: strerror(errno)))) }
        let written = input.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) }
        let reason = written < 0 ? String(cString: strerror(errno)) : "a short write to a pipe"
        close(pipe.write)
        guard written == input.count else {
            close(pipe.read)
            return .failure(.cannotPrepare(reason))
        }
        return .success(pipe.read)
    }
}

#if canImport(Darwin)
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#else
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
#endif

private struct Pipe {
    let read: Int32
    let write: Int32

    /// Both ends close on exec; the spawn's dup2 gives the child its own copies.
    static func make() -> Pipe? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return Pipe(read: fds[0], write: fds[1])
    }
}
