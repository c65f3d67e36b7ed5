#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock` on a lock file beside the data, held for the duration of `body`.
/// The data file itself is replaced by rename, so the lock needs an inode that stays put.
public enum FileLock {
    public static func withExclusiveLock<T>(path: String, _ body: () throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        try withExclusiveLockFile(path: path) { _ throws(POSIXFailure) in try body() }
    }

    /// The same, handing `body` the lock file's descriptor, for a few bytes of bookkeeping
    /// kept in the lock file itself.
    static func withExclusiveLockFile<T>(path: String, _ body: (Int32) throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, GuardedFile.fileMode)
        guard fd >= 0 else { throw POSIXFailure(operation: "open", path: path) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIXFailure(operation: "lock", path: path) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body(fd)
    }
}

/// A failed system call, worded for a warning line.
public struct POSIXFailure: Error {
    public let operation: String
    public let path: String
    public let code: Int32

    public init(operation: String, path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var reason: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
}
