#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that readers see the old content or the new, never a mixture:
/// a private temporary file in the same directory, fsync, then rename over the target.
enum AtomicFile {
    static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws(POSIXFailure) {
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw POSIXFailure(operation: "create", path: temporary) }
        fchmod(fd, mode)  // the umask may have narrowed or widened nothing, but be sure
        do throws(POSIXFailure) {
            try writeAll(fd, data, path: temporary)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        try finish(fd, temporary: temporary, into: path)
    }

    /// `<path>.tmp-PID-N`, in the target's directory: the name `removeStaleTemporaries` knows.
    static func temporaryPath(for path: String) -> String {
        "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// fsync, close and rename the written `temporary` over `path`, then make the rename durable;
    /// on a failure the temporary file is removed and `path` is as it was.
    static func finish(_ fd: Int32, temporary: String, into path: String) throws(POSIXFailure) {
        guard fsync(fd) == 0 else {
            let failure = POSIXFailure(operation: "sync", path: temporary)
            close(fd)
            unlink(temporary)
            throw failure
        }
        guard close(fd) == 0 else {
            let failure = POSIXFailure(operation: "close", path: temporary)
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = POSIXFailure(operation: "replace", path: path)
            unlink(temporary)
            throw failure
        }
        // Failure here loses nothing already written.
        let dirfd = open(Paths.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 { fsync(dirfd); close(dirfd) }
    }

    /// Removes `<path>.tmp-PID-N` files whose process is gone (`kill(pid, 0)` says ESRCH): what a
    /// writer killed between create and rename leaves. Called under the file's lock.
    static func removeStaleTemporaries(of path: String) {
        let directory = Paths.directory(of: path)
        let prefix = (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0 else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Writes all of `data` to `fd`, retrying short and interrupted writes.
    static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(POSIXFailure) {
        let failure: POSIXFailure? = data.withUnsafeBytes { buffer in
            do throws(POSIXFailure) { try writeAll(fd, buffer, path: path) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// The same for bytes in memory: the one write loop of every file fx writes.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(POSIXFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc_write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXFailure(operation: "write", path: path)
            }
            offset += written
        }
    }

    /// Creates `path` and its parents with `mode` (0700: private).
    static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(POSIXFailure) {
        if Paths.isDirectory(path) { return }
        let parent = Paths.directory(of: path)
        // Only a missing parent is made; one that is a file makes mkdir below fail with ENOTDIR.
        var info = stat()
        if parent != path, stat(parent, &info) != 0, errno == ENOENT { try makeDirectory(parent, mode: mode) }
        guard mkdir(path, mode) == 0 else {
            // Keep the system's reason (ENOTDIR, EACCES, EROFS…) rather than guessing one.
            let code = errno
            if code == EEXIST, Paths.isDirectory(path) { return }
            throw POSIXFailure(operation: "create directory", path: path, code: code)
        }
        chmod(path, mode)  // exactly `mode`, whatever the umask
    }
}

#if canImport(Glibc)
private let Glibc_write = Glibc.write
#else
private let Glibc_write = Darwin.write
#endif
