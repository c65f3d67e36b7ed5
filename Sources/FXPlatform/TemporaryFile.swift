#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTemporaryFiles

/// The temporary file every replaced file is written to first: `<path>.tmp-PID-N` in the target's
/// directory, created new (never through a link), renamed over the target when whole. While it
/// exists a SIGHUP, SIGINT, SIGPIPE or SIGTERM removes it before fx dies (`CTemporaryFiles`);
/// what a kill -9 leaves, the next write fx makes in that directory removes (`removeStale`).
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

    /// Removes every fx temporary file (`<name>.tmp-PID-N`) in `target`'s directory whose process
    /// is gone (`kill(pid, 0)` says ESRCH): what a writer killed between create and rename leaves,
    /// of this target or of any other, so that a killed 1 GB `csv -o` never written again does not
    /// stay for good. Run before any replace fx makes, so fx's own directories are cleaned whenever
    /// fx writes there anyway, at no cost to a run that writes nothing. A live process's file
    /// stays, whoever it belongs to (EPERM), and so does a gone one's whose pid now names another
    /// process: a file left over is the cost, never a writer's file removed under it.
    static func removeStale(of target: String) {
        let directory = Paths.directory(of: target)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            guard let pid = writer(of: name) else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// The pid in a name of `init`'s shape, `<name>.tmp-PID-N` (N a UInt32), else nil: no other name is fx's.
    static func writer(of name: String) -> Int32? {
        guard let marker = name.ranges(of: ".tmp-").last, marker.lowerBound > name.startIndex else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil
        else { return nil }
        return pid
    }
}
