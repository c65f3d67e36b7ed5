import FXRates
import Foundation
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
            return HelperTransport(helper: FilePath.directory(of: executable) + "/fx-fetch")
        }
        #endif
        let directory = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        return HelperTransport(helper: directory?.appendingPathComponent("fx-fetch").path ?? "fx-fetch")
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.isAllowedForFetching else { throw .insecureURL }
        let run = HelperRun(helper: helper, request: request)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Blocking reads belong on a thread of their own, not on the cooperative pool.
                Thread.detachNewThread { continuation.resume(returning: run.perform()) }
            }
        } onCancel: {
            run.cancel()
        }
        return try result.get()
    }
}

/// One run of the helper: spawn, read everything it writes until it exits or the deadline passes.
private final class HelperRun: @unchecked Sendable {
    private let helper: String
    private let request: HTTPRequest
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var cancelled = false

    init(helper: String, request: HTTPRequest) {
        self.helper = helper
        self.request = request
    }

    func cancel() {
        lock.withLock {
            cancelled = true
            if pid > 0 { kill(pid, SIGKILL) }
        }
    }

    func perform() -> Result<HTTPResponse, TransportError> {
        let started = lock.withLock { () -> Result<(pid_t, Int32), TransportError> in
            if cancelled { return .failure(.cancelled) }
            let started = Self.spawn(helper, input: FetchWire.encode(request))
            if case .success(let (child, _)) = started { pid = child }
            return started
        }
        guard case .success(let (child, outputFD)) = started else {
            if case .failure(let error) = started { return .failure(error) }
            return .failure(.cancelled)
        }
        defer { close(outputFD) }

        // The helper keeps its own deadline; this one, a little later, covers a helper that hangs.
        let deadline = Date().addingTimeInterval(request.timeout + 2)
        let cap = request.maxBytes + (64 << 10)
        var data = Data()
        var failure: TransportError?
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { failure = .timedOut(seconds: request.timeout); break }
            var poller = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > cap { failure = .tooLarge(limit: request.maxBytes); break }
        }
        if failure != nil { kill(child, SIGKILL) }
        // Wait without reaping first, so that `cancel` can never kill a recycled pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        lock.withLock { pid = 0 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if lock.withLock({ cancelled }) { return .failure(.cancelled) }
        if let failure { return .failure(failure) }
        // Ctrl-C at a terminal reaches the helper too (it shares fx's process group): that is
        // the user interrupting, as when fx cancels the request itself.
        let signal = status & 0x7F
        if signal == SIGINT { return .failure(.cancelled) }
        // A helper that died by another signal says nothing useful on stdout: name the crash.
        if signal != 0, signal != 0x7F {
            return .failure(.other("the network helper fx-fetch crashed (signal \(signal))"))
        }
        return FetchWire.decodeResponse(data)
    }
}

extension HelperRun {
    /// Pipes and spawn happen under one lock: a pipe made by one thread must be close-on-exec
    /// before another thread's helper starts, or that helper would hold it open.
    private static let spawning = NSLock()

    /// Starts the helper with `input` waiting on its stdin; returns its pid and the read end of its stdout.
    /// The input is written before the helper exists, so no write can meet a closed pipe (SIGPIPE);
    /// a pipe holds 64 KiB, far more than a URL and a few headers.
    static func spawn(_ helper: String, input: Data) -> Result<(pid_t, Int32), TransportError> {
        spawning.lock()
        defer { spawning.unlock() }
        guard input.count < 60_000, let stdin = HelperPipe.make() else {
            return .failure(.other("cannot start the network helper: \(String(cString: strerror(errno)))"))
        }
        defer { close(stdin.read) }
        let written = input.withUnsafeBytes { write(stdin.write, $0.baseAddress, $0.count) }
        close(stdin.write)
        guard written == input.count, let stdout = HelperPipe.make() else {
            return .failure(.other("cannot start the network helper"))
        }
        defer { close(stdout.write) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
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
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(helper), nil]
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
