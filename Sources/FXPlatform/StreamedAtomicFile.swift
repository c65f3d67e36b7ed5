#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written as a stream and replaced whole at the end, as `AtomicFile` writes small ones:
/// a temporary file in the same directory, fsync, then rename over the target. Until `commit`,
/// readers see the old file; `abandon` (or dropping the writer) removes the temporary file.
public final class StreamedAtomicFile {
    public let path: String
    private let temporary: String
    private var fd: Int32

    /// `mode` is narrowed by the umask, as for any file a user asks a tool to write.
    public init(path: String, mode: mode_t = 0o666) throws(POSIXFailure) {
        self.path = path
        temporary = AtomicFile.temporaryPath(for: path)
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw POSIXFailure(operation: "create", path: temporary) }
    }

    deinit { abandon() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(POSIXFailure) {
        try AtomicFile.writeAll(fd, bytes, path: temporary)
    }

    /// Makes the written bytes the file at `path`.
    public func commit() throws(POSIXFailure) {
        guard fd >= 0 else { return }
        defer { fd = -1 }
        try AtomicFile.finish(fd, temporary: temporary, into: path)
    }

    /// Leaves `path` as it was.
    public func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        unlink(temporary)
        fd = -1
    }
}
