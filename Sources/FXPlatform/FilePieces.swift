#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file open for reading parts of it (pread), for files laid out so that a reader
/// needs a few lines of many: a dated question reads two currencies' lines of the history
/// file, 0.1 MiB of 1.7, and skips copying the rest (see `HistoryFileFormat`).
public struct FilePieces {
    private let descriptor: Int32
    /// The size fstat gave when the file was opened.
    public let size: Int
    private let limit: Int

    /// The bytes in `range`, or nil when the file no longer holds them (it shrank) or cannot be read.
    public func bytes(_ range: Range<Int>) -> Data? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        var data = Data(count: range.count)
        var filled = 0
        while filled < range.count {
            let count = data.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, range.count - filled, off_t(range.lowerBound + filled))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return data
    }

    /// The whole file, as `PlainFile.read` would give it.
    public func all() -> Result<Data, PlainFile.Failure> {
        PlainFile.readAll(descriptor, size: size, limit: limit)
    }

    /// Opens `path` under `PlainFile.read`'s rules (no FIFO, no link unless `followingLinks`,
    /// nothing larger than `limit`) and hands it to `body`; closed when `body` returns.
    static func open<T>(
        _ path: String, limit: Int, followingLinks: Bool, _ body: (FilePieces) -> T
    ) -> Result<T, PlainFile.Failure> {
        switch PlainFile.openForReading(path, limit: limit, followingLinks: followingLinks) {
        case .failure(let failure): return .failure(failure)
        case .success(let (descriptor, size)):
            defer { close(descriptor) }
            return .success(body(FilePieces(descriptor: descriptor, size: size, limit: limit)))
        }
    }
}
