#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where lines come from: stdin, a terminal, or a list in tests.
public protocol LineSource: AnyObject {
    /// The next line without its newline, or nil at end of input.
    func nextLine() -> String?
    /// True when the line just given was too long to read, and is given empty.
    var lastLineTooLong: Bool { get }
}

extension LineSource {
    public var lastLineTooLong: Bool { false }
}

/// A source that can also lend its next line as bytes, without making a String of it.
public protocol ByteLineSource: LineSource {
    /// Calls `body` with the next line's bytes (newline stripped, as `nextLine`), or returns nil at end of input.
    func withNextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R?
}

extension ByteLineSource {
    public func nextLine() -> String? { withNextLine { String(decoding: $0, as: UTF8.self) } }
}

/// Lines from a file descriptor (standard input: a pipe, a file, or a terminal without
/// libedit), read in large blocks. Like `readLine`, a line ends at `\n` or `\r\n`, a last line
/// needs no newline, and invalid UTF-8 becomes U+FFFD when a line is made a String.
public final class StandardInputLines: ByteLineSource {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Whether the start of input has been looked at for a byte-order mark.
    private var checkedByteOrderMark = false
    public private(set) var lastLineTooLong = false

    /// The longest line read: one beyond it is discarded as it arrives (constant memory) and
    /// given empty, with `lastLineTooLong` set, so that one line costs one error.
    public static let lineLimit = 1 << 20

    /// Called before each read of input, which may wait: script mode flushes its answers there,
    /// so that none waits in a buffer on a line not yet written.
    private let beforeReading: () -> Void

    public init(fd: Int32 = 0, beforeReading: @escaping () -> Void = {}) {
        self.fd = fd
        self.beforeReading = beforeReading
    }

    public func withNextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        lastLineTooLong = false
        if !checkedByteOrderMark { skipByteOrderMark() }
        while true {
            let found = buffer.withUnsafeBytes { raw -> Int? in
                guard start < raw.count, let hit = memchr(raw.baseAddress! + start, 0x0A, raw.count - start) else { return nil }
                return raw.baseAddress!.distance(to: UnsafeRawPointer(hit))
            }
            if found.map({ $0 - start > Self.lineLimit }) ?? (buffer.count - start > Self.lineLimit) {
                if let newline = found { start = newline + 1 } else { skipRestOfLine() }
                lastLineTooLong = true
                return body(UnsafeBufferPointer(start: nil, count: 0))
            }
            if let newline = found {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let lineStart = start
                start = newline + 1
                return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lineStart..<end])) }
            }
            if ended {
                guard start < buffer.count else { return nil }
                let end = buffer.count
                let lineStart = start
                start = buffer.count
                return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lineStart..<end])) }
            }
            fill()
        }
    }

    /// Drops a UTF-8 byte-order mark (EF BB BF) that editors put before a file's first line.
    private func skipByteOrderMark() {
        checkedByteOrderMark = true
        // A short first line already read is not waited past: a terminal would block for the next.
        while buffer.count - start < 3, !ended, !buffer[start...].contains(0x0A) { fill() }
        if buffer.count - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF { start += 3 }
    }

    /// Reads on to the end of the current line, keeping nothing of it.
    private func skipRestOfLine() {
        while true {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if ended { return }
            fill()
            if let newline = buffer.firstIndex(of: 0x0A) {
                start = newline + 1
                return
            }
        }
    }

    private func fill() {
        beforeReading()
        buffer.removeSubrange(0..<start)
        start = 0
        let old = buffer.count
        let chunk = 256 << 10
        buffer.reserveCapacity(old + chunk)
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        var count: Int
        repeat {
            count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunk) }
        } while count < 0 && errno == EINTR
        buffer.removeLast(chunk - max(0, count))
        if count <= 0 { ended = true }
    }
}
