#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where text goes: stdout and stderr in production, a string in tests.
public protocol TextOutput: AnyObject, Sendable {
    func write(_ text: String)
    /// UTF-8 text already encoded, for script mode's fast lane.
    func write(bytes: UnsafeRawBufferPointer)
    func flush()
    /// The write that failed (a full disk, `/dev/full`, a closed pipe), after which this output
    /// writes nothing more; nil while everything written has gone out. The modes stop on it.
    var failure: POSIXFailure? { get }
    /// After a failure on a regular file: the whole lines it keeps (what was written is cut back
    /// to the last of them); nil for a pipe or a device, or while nothing failed.
    var wholeLines: Int? { get }
}

extension TextOutput {
    public func write(bytes: UnsafeRawBufferPointer) { write(String(decoding: bytes, as: UTF8.self)) }
    public var wholeLines: Int? { nil }
}

/// Buffered writes to a file descriptor; script mode over millions of lines must not pay a
/// system call per line. Everything for one stream goes through one of these, in order.
/// A failed or short write is kept as `failure`, never dropped: output cut short on a full
/// disk once ended fx with status 0, the last row of a statement cut to a wrong amount.
public final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let limit: Int
    public private(set) var failure: POSIXFailure?
    public private(set) var wholeLines: Int?
    /// Lines this output has written whole, and the bytes written since the last of them: what a
    /// failed write on a regular file is cut back to. Counted as bytes go out (a pass over
    /// what is written, once), since stdout is often open for writing only and cannot be read back.
    private var linesWritten = 0, sinceNewline = 0

    public init(fd: Int32, bufferSize: Int = 64 << 10) {
        self.fd = fd
        limit = bufferSize
        buffer.reserveCapacity(bufferSize)
    }

    // After a failure, writes still gather here and `flush` discards them: a check per write
    // would cost script mode's every line.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= limit { flush() }
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= limit { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < buffer.count, failure == nil {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            // A short write is retried for the rest, which then fails with the reason (ENOSPC);
            // a write of nothing at all has no errno to give and would loop forever.
            if written <= 0 {
                failure = POSIXFailure(operation: "write to", path: name, code: written == 0 ? EIO : errno)
                keepWholeLines()
            }
            if written > 0 { count(from: offset, written) }
            offset += max(written, 0)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Counts the whole lines among `count` bytes of the buffer from `start`, just written.
    private func count(from start: Int, _ count: Int) {
        buffer.withUnsafeBufferPointer { bytes in
            var lines = 0, last = -1
            for index in start..<start + count where bytes[index] == 0x0A {
                lines += 1
                last = index
            }
            linesWritten += lines
            sinceNewline = last < 0 ? sinceNewline + count : start + count - last - 1
        }
    }

    /// On a regular file (`> out.csv` on a disk that fills, past `ulimit -f`), cuts what this
    /// output wrote back to its last whole line: a row cut short would read as a wrong amount.
    /// A pipe or a device cannot be cut back: its reader sees the failure as the status.
    private func keepWholeLines() {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let end = lseek(fd, 0, SEEK_CUR)
        guard end >= off_t(sinceNewline), ftruncate(fd, end - off_t(sinceNewline)) == 0 else { return }
        // The next write, had fx one (it stops), would go to the new end and leave no hole.
        _ = lseek(fd, end - off_t(sinceNewline), SEEK_SET)
        wholeLines = linesWritten
    }

    /// The stream as a message names it.
    private var name: String {
        switch fd {
        case 1: "standard output"
        case 2: "standard error"
        default: "file descriptor \(fd)"
        }
    }

    deinit { flush() }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
