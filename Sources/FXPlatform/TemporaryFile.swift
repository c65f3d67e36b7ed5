#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTemporaryFiles

/// The temporary file every replaced file is written to first: `<path>.tmp-PID-N` in the target's
/// directory, created new (never through a link), renamed over the target when whole. While it
/// exists a SIGHUP, SIGINT, SIGPIPE or SIGTERM removes it before fx dies (`CTemporaryFiles`);
/// what a kill -9 leaves, the next writer of the same target removes (`removeStale`).
struct TemporaryFile {
    let path: String
    let fd: Int32
    private let slot: Int32

    /// Creates the temporary file for `target` with `mode` (narrowed by the umask; callers fchmod).
    init(for target: String, mode: mode_t) throws(POSIXFailure) {
        path = "\(target).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // Tracked before it exists, so no signal finds it created and unknown.
        slot = fx_temporary_track(path)
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else {
            let failure = POSIXFailure(operation: "create", path: path)
            fx_temporary_forget(slot)
            throw failure
        }
    }

    /// fsync, close and rename over `target`, then make the rename durable; on a failure the
    /// temporary file is removed and `target` is as it was.
    func commit(into target: String) throws(POSIXFailure) {
        defer { fx_temporary_forget(slot) }
        guard fsync(fd) == 0 else {
            let failure = POSIXFailure(operation: "sync", path: path)
            close(fd)
            unlink(path)
            throw failure
        }
        guard close(fd) == 0 else {
            let failure = POSIXFailure(operation: "close", path: path)
            unlink(path)
            throw failure
        }
        guard rename(path, target) == 0 else {
            let failure = POSIXFailure(operation: "replace", path: target)
            unlink(path)
            throw failure
        }
        // Failure here loses nothing already written.
        let dirfd = open(Paths.directory(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 { fsync(dirfd); close(dirfd) }
    }

    /// Closes and removes the temporary file; the target is as it was.
    func discard() {
        close(fd)
        unlink(path)
        fx_temporary_forget(slot)
    }

    /// Whether `path` is among the files a signal removes.
    static func isTracked(_ path: String) -> Bool { fx_temporary_tracks(path) != 0 }

    /// Removes the tracked files under `directory` as the signal handler removes them all.
    static func removeTracked(within directory: String) { fx_temporary_remove(directory) }

    /// Removes `<target>.tmp-PID-N` files whose process is gone (`kill(pid, 0)` says ESRCH): what a
    /// writer killed between create and rename leaves. A live process's file stays, whoever it
    /// belongs to (EPERM), and so does a gone one's whose pid now names another process: a file
    /// left over is the cost, never a writer's file removed under it. Other names are not fx's.
    static func removeStale(of target: String) {
        let directory = Paths.directory(of: target)
        let prefix = (target.split(separator: "/").last.map(String.init) ?? target) + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0 else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }
}
