#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that readers see the old content or the new, never a mixture:
/// a private temporary file in the same directory (`TemporaryFile`), fsync, then rename over the target.
enum AtomicFile {
    static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws(POSIXFailure) {
        let temporary = try TemporaryFile(for: path, mode: mode)
        fchmod(temporary.fd, mode)  // the umask may have narrowed or widened nothing, but be sure
        do throws(POSIXFailure) {
            try writeAll(temporary.fd, data, path: temporary.path)
        } catch {
            temporary.discard()
            throw error
        }
        try temporary.commit(into: path)
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
