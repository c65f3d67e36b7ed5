#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A user's own file read as a stream, in chunks: opened read-only, so it is never modified,
/// and only when it is a regular file (a FIFO or device is refused without blocking on it).
/// Memory stays flat for any size: the caller owns the chunk buffer.
public final class UserFileReader {
    public let path: String
    fileprivate let fd: Int32

    /// Opens `path`; a symbolic link is followed, as any tool reading a user's file follows one.
    public init(path: String) throws(PlainFile.Failure) {
        self.path = path
        // As every file fx reads is opened: no blocking on a FIFO, only a regular file kept.
        switch PlainFile.openForReading(path, limit: .max, followingLinks: true) {
        case .success(let (fd, _)): self.fd = fd
        case .failure(let failure): throw failure
        }
    }

    deinit { close(fd) }

    /// Fills up to `buffer.count` bytes; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PlainFile.Failure) -> Int {
        while true {
            let count = systemRead(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw PlainFile.failure(errno)
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

extension UserFileReader {
    /// Whether `path` is this very file (the same device and inode), however it is named.
    public func isSameFile(as path: String) -> Bool {
        var mine = stat(), theirs = stat()
        guard fstat(fd, &mine) == 0, stat(path, &theirs) == 0 else { return false }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }
}
