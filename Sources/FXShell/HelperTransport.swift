import FXAnswers
import FXRates
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The production `HTTPTransport` of `fx`: each request runs in the helper `fx-fetch`
/// (URLSession) installed beside fx. Loading URLSession costs ~20 ms of start-up on Linux,
/// which every answer from the cache would pay; a helper costs that only when fetching.
/// The helper enforces the request's limits; this side enforces them again by killing it.
public struct HelperTransport: HTTPTransport {
    public let helper: String

    public init(helper: String) {
        self.helper = helper
    }

    /// `fx-fetch` in the directory of the running executable.
    public static func besideExecutable() -> HelperTransport {
        #if os(Linux)
        // One system call; `Bundle.main` costs a tenth of an answer from the cache to set up.
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        if count > 0 {
            let executable = String(decoding: path[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return HelperTransport(helper: Paths.directory(of: executable) + "/fx-fetch")
        }
        #endif
        #if canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
            defer { free(resolved) }
            return HelperTransport(helper: Paths.directory(of: String(cString: resolved)) + "/fx-fetch")
        }
        #endif
        return HelperTransport(helper: "fx-fetch")
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.isAllowedForFetching else { throw .insecureURL }
        // The helper keeps the request's own deadline and size limit; these, a little wider,
        // cover a helper that hangs or runs away.
        let run = HelperRun(helper: helper, input: .small(FetchWire.encode(request)),
                            seconds: request.timeout + 2, maxBytes: request.maxBytes + (64 << 10))
        let output = await run.output()
        if case .failure(.timedOut) = output { throw .timedOut(seconds: request.timeout) }
        if case .failure(.tooLarge) = output { throw .tooLarge(limit: request.maxBytes) }
        return try output.flatMap(FetchWire.decodeResponse).get()
    }
}

/// One run of the helper: spawn, read everything it writes until it exits or the deadline passes.
final class HelperRun: @unchecked Sendable {
    enum Input {
        /// A few KiB, written to a pipe before the helper starts.
        case small(Data)
        /// Any size: the helper reads an unlinked temporary file.
        case file(Data)
    }

    private let helper: String
    private let arguments: [String]
    private let input: Input
    private let seconds: Double
    private let maxBytes: Int
    /// The running helper's pid (0 when none) and whether the run was cancelled.
    private let state = Mutex<(pid: pid_t, cancelled: Bool)>((0, false))

    /// `seconds` and `maxBytes` bound the run; past either the helper is killed.
    init(helper: String, arguments: [String] = [], input: Input, seconds: Double, maxBytes: Int) {
        self.helper = helper
        self.arguments = arguments
        self.input = input
        self.seconds = seconds
        self.maxBytes = maxBytes
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.pid > 0 { kill(state.pid, SIGKILL) }
        }
    }

    /// Runs `perform` on a thread of its own (its reads block), cancelled with the calling task.
    func output() async -> Result<Data, TransportError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Blocking reads belong on a thread of their own, not on the executor that awaits them.
                DetachedThread.start { continuation.resume(returning: self.perform()) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Everything the helper wrote, once it has exited normally.
    func perform() -> Result<Data, TransportError> {
        let started = state.withLock { state -> Result<(pid_t, Int32), TransportError> in
            if state.cancelled { return .failure(.cancelled) }
            let started = Self.spawn(helper, arguments: arguments, input: input)
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
        var failure: TransportError?
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { failure = .timedOut(seconds: seconds); break }
            var poller = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > maxBytes { failure = .tooLarge(limit: maxBytes); break }
        }
        if failure != nil { kill(child, SIGKILL) }
        // Wait without reaping first, so that `cancel` can never kill a recycled pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        state.withLock { $0.pid = 0 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if state.withLock({ $0.cancelled }) { return .failure(.cancelled) }
        if let failure { return .failure(failure) }
        // Ctrl-C at a terminal reaches the helper too (it shares fx's process group): that is
        // the user interrupting, as when fx cancels the request itself.
        let signal = status & 0x7F
        if signal == SIGINT { return .failure(.cancelled) }
        // A helper that died by another signal says nothing useful on stdout: name the crash.
        if signal != 0, signal != 0x7F {
            return .failure(.other("the network helper fx-fetch crashed (signal \(signal))"))
        }
        return .success(data)
    }
}

extension HelperRun {
    /// Pipes and spawn happen under one lock: a pipe made by one thread must be close-on-exec
    /// before another thread's helper starts, or that helper would hold it open.
    private static let spawning = Mutex(())

    /// Starts the helper with `input` waiting on its stdin; returns its pid and the read end of its stdout.
    /// The input is written before the helper exists, so no write can meet a closed pipe (SIGPIPE);
    /// a pipe holds 64 KiB, far more than a URL and a few headers.
    static func spawn(_ helper: String, arguments: [String], input: Input) -> Result<(pid_t, Int32), TransportError> {
        spawning.withLock { _ in spawnLocked(helper, arguments: arguments, input: input) }
    }

    private static func spawnLocked(_ helper: String, arguments: [String], input: Input) -> Result<(pid_t, Int32), TransportError> {
        guard let stdinFD = standardInput(input) else {
            return .failure(.other("cannot start the network helper: \(String(cString: strerror(errno)))"))
        }
        defer { close(stdinFD) }
        guard let stdout = HelperPipe.make() else {
            return .failure(.other("cannot start the network helper"))
        }
        defer { close(stdout.write) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinFD, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        // libcurl and Foundation must never write on the user's terminal.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Signals ignored by fx's parent (nohup, a background job) or blocked in the spawning
        // thread start at their defaults and unblocked in the helper, so Ctrl-C and a closed pipe end it.
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
        let argv: [UnsafeMutablePointer<CChar>?] = ([helper] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        var status = posix_spawn(&child, helper, &actions, &attributes, argv, environment)
        // A helper being replaced (an upgrade in progress) is briefly "busy"; try again shortly.
        for _ in 0..<10 where status == ETXTBSY {
            usleep(20_000)
            status = posix_spawn(&child, helper, &actions, &attributes, argv, environment)
        }
        guard status == 0 else {
            close(stdout.read)
            return .failure(.other("cannot run the network helper \(helper): \(String(cString: strerror(status)))"))
        }
        return .success((child, stdout.read))
    }
}

extension HelperRun {
    /// The helper's stdin, close-on-exec: a pipe already holding a small input, or an unlinked
    /// temporary file holding a large one (no writer to block on a full pipe, no SIGPIPE).
    private static func standardInput(_ input: Input) -> Int32? {
        switch input {
        case .small(let data):
            guard data.count < 60_000, let pipe = HelperPipe.make() else { return nil }
            let written = data.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) }
            close(pipe.write)
            guard written == data.count else { close(pipe.read); return nil }
            return pipe.read
        case .file(let data):
            let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            var template = Array((directory + "/fx-read-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return nil }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            guard (try? AtomicFile.writeAll(fd, data, path: directory)) != nil, lseek(fd, 0, SEEK_SET) == 0 else {
                close(fd)
                return nil
            }
            return fd
        }
    }
}

#if canImport(Darwin)
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#else
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
#endif

private struct HelperPipe {
    let read: Int32
    let write: Int32

    /// Both ends close on exec; the spawn's dup2 gives the helper its own copies.
    static func make() -> HelperPipe? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return HelperPipe(read: fds[0], write: fds[1])
    }
}
