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
}

extension TextOutput {
    public func write(bytes: UnsafeRawBufferPointer) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Buffered writes to a file descriptor; script mode over millions of lines must not pay a
/// system call per line. Everything for one stream goes through one of these, in order.
public final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let limit: Int

    public init(fd: Int32, bufferSize: Int = 64 << 10) {
        self.fd = fd
        limit = bufferSize
        buffer.reserveCapacity(bufferSize)
    }

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
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break  // an unwritable stream; a closed pipe has already ended fx through SIGPIPE, as Unix tools do
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
