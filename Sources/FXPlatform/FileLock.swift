#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock` on a lock file beside the data, held for the duration of `body`.
/// The data file itself is replaced by rename, so the lock needs an inode that stays put.
/// `body` gets the lock file's descriptor, for a few bytes of bookkeeping kept in it.
enum FileLock {
    static func withExclusiveLockFile<T>(path: String, _ body: (Int32) throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        // A link or a FIFO in the lock file's place is refused: the note is written into it.
        let fd = try PlainFile.openForWriting(path, flags: O_CREAT, operation: "open")
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIXFailure(operation: "lock", path: path) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body(fd)
    }
}
