#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole small files read with open, fstat and read: FoundationEssentials' readers cost
/// a one-shot answer about 0.1 ms more per file (progress, attributes, URL handling).
/// swift-system (linked for swift-subprocess) was tried here and left out: its FileDescriptor
/// replaced no logic and FilePath cost the one-shot 1.55% (Benchmarks/README.md, "Libraries in
/// place of fx's own code").
public enum PlainFile {
    public enum Failure: Error, Equatable {
        case missing
        case isDirectory
        case permissionDenied
        /// A FIFO, a device or a socket: opened without blocking and never read.
        case notRegularFile
        /// A symbolic link, where links are not followed.
        case symbolicLink
        /// More than `limit` bytes: refused having read at most `limit + 1` of them.
        case tooLarge(limit: Int)
        case other(Int32)

        /// The newer refusals worded for a warning ("not a regular file but a FIFO…"); nil for the others,
        /// which their callers word themselves.
        public var refusal: String? {
            switch self {
            case .notRegularFile: "not a regular file but a FIFO, a device or a socket"
            case .symbolicLink: "a symbolic link, which fx does not follow"
            case .tooLarge(let limit): "larger than \(PlainFile.sizeText(limit))"
            default: nil
            }
        }
    }

    /// `limit`: how much the file may hold, checked on fstat's size before reading and again
    /// while reading (a /proc file or a growing one says less than it gives), so a huge file
    /// costs no memory. `followingLinks` false refuses a symbolic link (O_NOFOLLOW).
    static func read(_ path: String, limit: Int = GuardedFile.smallFileLimit, followingLinks: Bool = false) -> Result<Data, Failure> {
        switch openForReading(path, limit: limit, followingLinks: followingLinks) {
        case .failure(let failure): return .failure(failure)
        case .success(let (fd, size)):
            defer { close(fd) }
            return readAll(fd, size: size, limit: limit)
        }
    }

    /// Opens a regular file for reading, refusing what `read` refuses; the descriptor and fstat's size.
    static func openForReading(_ path: String, limit: Int, followingLinks: Bool) -> Result<(Int32, Int), Failure> {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return .failure(failure(errno)) }
        var info = stat()
        let refusal: Failure? =
            if fstat(fd, &info) != 0 { failure(errno) } else if (info.st_mode & S_IFMT) == S_IFDIR {
                .isDirectory
            } else if (info.st_mode & S_IFMT) != S_IFREG { .notRegularFile } else if info.st_size > limit { .tooLarge(limit: limit) } else {
                nil
            }
        if let refusal {
            close(fd)
            return .failure(refusal)
        }
        return .success((fd, max(Int(info.st_size), 0)))
    }

    /// The whole of an open file, `size` being what fstat said, never more than `limit` bytes.
    static func readAll(_ fd: Int32, size: Int, limit: Int) -> Result<Data, Failure> {
        // Into memory that is not zeroed first and handed to `Data` without a copy: zeroing and
        // copying cost a one-shot a byte each of a 30 KB cache file (callgrind; Benchmarks/README.md,
        // "Frankfurter v2"). One byte more than the size, so that the end is seen without growing.
        var capacity = size + 1
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        var filled = 0
        while true {
            // The size may change while reading (a writer replaces files by rename, so rarely).
            if filled == capacity {
                guard filled <= limit else { buffer.deallocate(); return .failure(.tooLarge(limit: limit)) }
                let grown = min(limit + 1, capacity + max(4096, capacity))
                let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
                larger.copyMemory(from: buffer, byteCount: filled)
                buffer.deallocate()
                (buffer, capacity) = (larger, grown)
            }
            let count = pread(fd, buffer + filled, capacity - filled, off_t(filled))
            if count < 0 {
                if errno == EINTR { continue }
                buffer.deallocate()
                return .failure(failure(errno))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { buffer.deallocate(); return .failure(.tooLarge(limit: limit)) }
        return .success(Data(bytesNoCopy: buffer, count: filled, deallocator: .custom { pointer, _ in pointer.deallocate() }))
    }

    /// Opens `path` for writing (with `flags` added: O_CREAT, O_APPEND…) as fx opens every file it
    /// writes in place: never through a symbolic link (O_NOFOLLOW), never waiting on a FIFO
    /// (O_NONBLOCK, no effect on a regular file), and only a regular file is kept open.
    static func openForWriting(_ path: String, flags: Int32, operation: String) throws(POSIXFailure) -> Int32 {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | flags, GuardedFile.fileMode)
        guard fd >= 0 else {
            let code = errno
            if code == ENXIO { throw POSIXFailure(operation: operation, path: path, refused: .notRegularFile) }
            throw POSIXFailure(operation: operation, path: path, code: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw POSIXFailure(operation: operation, path: path, refused: .notRegularFile)
        }
        return fd
    }

    /// "4 MiB", "512 KiB": a limit as a warning says it.
    public static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        case EISDIR: return .isDirectory
        case EACCES, EPERM: return .permissionDenied
        // O_NOFOLLOW's answer for a link; ENXIO is open's for a socket.
        case ELOOP: return .symbolicLink
        case ENXIO: return .notRegularFile
        default: return .other(code)
        }
    }
}
