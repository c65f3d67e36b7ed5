#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written as a stream and replaced whole at the end, as `AtomicFile` writes small ones:
/// a temporary file in the same directory, fsync, then rename over the target. Until `commit`,
/// readers see the old file; `abandon` (or dropping the writer) removes the temporary file.
/// The target is a path the user named: only a regular file or nothing may stand there
/// (`OutputPath`), and a replaced file keeps its mode and owner.
public final class StreamedAtomicFile {
    public let path: String
    private var temporary: TemporaryFile?

    /// `mode`, for a new file, is narrowed by the umask, as for any file a user asks a tool to write.
    public init(path: String, mode: mode_t = 0o666) throws(POSIXFailure) {
        self.path = path
        let target = try OutputPath(path)
        // What a writer of this file killed before (kill -9, a power cut) left, 60 MB each.
        TemporaryFile.removeStale(of: path)
        let temporary = try TemporaryFile(for: path, mode: target.creationMode(mode))
        target.adopt(temporary.fd)
        self.temporary = temporary
    }

    deinit { abandon() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(POSIXFailure) {
        guard let temporary else { return }
        try AtomicFile.writeAll(temporary.fd, bytes, path: temporary.path)
    }

    /// Makes the written bytes the file at `path`, unless something other than a regular file
    /// came to stand there meanwhile.
    public func commit() throws(POSIXFailure) {
        guard let temporary else { return }
        self.temporary = nil
        do throws(POSIXFailure) {
            _ = try OutputPath(path, operation: "replace")
        } catch {
            temporary.discard()
            throw error
        }
        try temporary.commit(into: path)
    }

    /// Leaves `path` as it was.
    public func abandon() {
        temporary?.discard()
        temporary = nil
    }
}
