#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `GuardedFile` while its lock is held: what only the lock holder may do.
public struct LockedFile {
    public let file: GuardedFile
    /// The lock file, open: two numbers of bookkeeping may be kept in it (`note`).
    let lockDescriptor: Int32

    /// The whole file, as `GuardedFile.read` reads it.
    public func read() -> Result<Data, PlainFile.Failure> {
        file.read()
    }

    /// Replaces the file atomically (temporary file, fsync, rename), mode 0600. Temporary files
    /// of this file left by a process that is gone (killed mid-write) are removed first: only
    /// the lock holder writes them, so none of a live writer's is touched.
    /// Bytes a read would refuse (more than `sizeLimit`) are refused here instead: written, they
    /// would cost every later run the whole file.
    public func replace(with data: Data) throws(POSIXFailure) {
        guard data.count <= file.sizeLimit else {
            throw POSIXFailure(operation: "write", path: file.path, refused: .tooLarge(limit: file.sizeLimit))
        }
        TemporaryFile.removeStale(of: file.path)
        try AtomicFile.write(data, to: file.path, mode: GuardedFile.fileMode)
    }

    /// Renames the file `<name>.corrupt` (replacing an older one) so that a fresh one can start;
    /// says where it went, or why it could not be moved (a read-only directory).
    public func setAside() -> Result<String, POSIXFailure> {
        let aside = file.asidePath
        // A directory set aside before (a directory once stood in the file's place) goes too.
        try? FileManager.default.removeItem(atPath: aside)
        guard rename(file.path, aside) == 0 else { return .failure(POSIXFailure(operation: "move it aside to", path: aside)) }
        return .success(aside)
    }

    /// Appends `lines` (whole lines, each ending in a newline), mode 0600 if the file is new. A
    /// last line cut short by a crash is ended first, so it cannot swallow the first new one.
    /// Says the file's size before and after. Whole or absent: a write that fails part way (a
    /// full disk, a file size limit) is cut back to the size before, so no half line stays.
    public func append(lines: Data) throws(POSIXFailure) -> (before: Int, after: Int) {
        let path = file.path
        let fd = try PlainFile.openForWriting(path, flags: O_APPEND | O_CREAT, operation: "open")
        defer { close(fd) }
        var payload = lines
        var last: UInt8 = 0x0A
        var status = stat()
        // The size before is what a failed write is cut back to, so it must be known.
        guard fstat(fd, &status) == 0 else { throw POSIXFailure(operation: "examine", path: path) }
        if status.st_size > 0, pread(fd, &last, 1, off_t(status.st_size - 1)) == 1, last != 0x0A {
            payload.insert(0x0A, at: 0)
        }
        do throws(POSIXFailure) {
            try AtomicFile.writeAll(fd, payload, path: path)
        } catch {
            _ = ftruncate(fd, status.st_size)
            throw error
        }
        return (Int(status.st_size), Int(status.st_size) + payload.count)
    }

    /// The two numbers kept in the lock file, or nil when it holds none.
    public func note() -> (Int64, Int64)? {
        var words: (Int64, Int64) = (0, 0)
        let count = withUnsafeMutableBytes(of: &words) { pread(lockDescriptor, $0.baseAddress, $0.count, 0) }
        return count == MemoryLayout<(Int64, Int64)>.size ? words : nil
    }

    /// Keeps two numbers in the lock file for the next holder (a count and the size it was
    /// taken at, say); best effort, since they only save work.
    public func keepNote(_ note: (Int64, Int64)) {
        var words = note
        _ = withUnsafeBytes(of: &words) { pwrite(lockDescriptor, $0.baseAddress, $0.count, 0) }
    }
}
