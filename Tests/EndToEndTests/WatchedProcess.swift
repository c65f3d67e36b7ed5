import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program started for a test that needs more than `FXRunner.run`: its pid (to signal it, to
/// find its children), and on exit its status with the CPU time and peak memory it and the
/// children it waited for used (`wait4`).
final class WatchedProcess {
    struct Exit {
        /// The exit status, or nil when a signal ended it.
        let status: Int32?
        let signal: Int32?
        /// User plus system CPU seconds, its reaped children's included.
        let cpuSeconds: Double
        /// Peak resident memory in KiB (the largest of it and its reaped children).
        let maxResidentKiB: Int
        let wallSeconds: Double
        let stdout: Data
        let stderr: Data
    }

    let pid: pid_t
    private let started = Date()
    private let output: URL
    private let errors: URL

    /// Starts `path` with `arguments` and `environment`, `input` on its stdin (then closed).
    init(_ path: String, _ arguments: [String], environment: [String: String], input: Data = Data(), directory: URL) throws {
        output = directory.appendingPathComponent("out-\(UUID().uuidString)")
        errors = directory.appendingPathComponent("err-\(UUID().uuidString)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw RunnerError(description: "pipe failed") }
        posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // Signals at their defaults, whatever this process ignores (a background job ignores SIGINT and SIGQUIT).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGABRT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        close(pipe[0])
        guard status == 0 else {
            close(pipe[1])
            throw RunnerError(description: "cannot start \(path): \(String(cString: strerror(status)))")
        }
        pid = child
        input.withUnsafeBytes { _ = write(pipe[1], $0.baseAddress, $0.count) }
        close(pipe[1])
    }

    /// Waits for the exit (blocking this thread) and collects what it left.
    func wait() -> Exit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        return Exit(
            status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), maxResidentKiB: usage.ru_maxrss,
            wallSeconds: Date().timeIntervalSince(started),
            stdout: (try? Data(contentsOf: output)) ?? Data(), stderr: (try? Data(contentsOf: errors)) ?? Data())
    }

    /// The pids of the live processes whose parent is `parent` (a zombie counts as gone).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // After the name in parentheses: the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[1]) == parent
        }
    }

    /// Whether `pid` is still running (not gone, not a zombie left for a reaper).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return false
        }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Checks `condition` every 20 ms until it holds or `seconds` pass; true when it held.
    static func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
