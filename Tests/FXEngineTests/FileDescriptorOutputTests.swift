import FXEngine
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// fx's one way to stdout and stderr keeps the first failed or short write as `failure`, and
/// writes nothing after it (issue 23, item 1: a full disk once cut a statement short, exit 0).
@Suite struct FileDescriptorOutputTests {
    /// A pipe whose writes never block: once its buffer is full a write is short, then fails.
    struct Pipe {
        let read: Int32, write: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
            for end in [read, write] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        /// Everything waiting in the pipe.
        func drain() -> [UInt8] {
            var all: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
            while case let count = chunk.withUnsafeMutableBytes({ Glibc.read(read, $0.baseAddress, $0.count) }), count > 0 {
                all += chunk.prefix(count)
            }
            return all
        }
        func close() {
            _ = Glibc.close(read)
            _ = Glibc.close(write)
        }
    }

    @Test func whatIsWrittenArrivesWholeAndNothingFails() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let output = FileDescriptorOutput(fd: pipe.write)
        output.write("100.00 USD = 89.51 EUR\n")
        output.flush()
        #expect(String(decoding: pipe.drain(), as: UTF8.self) == "100.00 USD = 89.51 EUR\n")
        #expect(output.failure == nil)
    }

    @Test func aFullDeviceIsAFailureWithItsReason() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let output = FileDescriptorOutput(fd: fd, bufferSize: 0)
        output.write("1")
        #expect(output.failure?.code == ENOSPC)
        #expect(output.failure?.reason == "cannot write to file descriptor \(fd): No space left on device")
    }

    /// The pipe takes part of a large write; the rest fails, and later writes are dropped, so
    /// nothing arrives out of order after a gap.
    @Test func aShortWriteThenAFailureStopsTheOutput() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let output = FileDescriptorOutput(fd: pipe.write)
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20)
        block.withUnsafeBytes { output.write(bytes: $0) }
        #expect(output.failure?.code == EAGAIN)
        let arrived = pipe.drain().count
        #expect(arrived > 0 && arrived < block.count)
        output.write("more\n")
        output.flush()
        #expect(pipe.drain().isEmpty)
        #expect(output.failure?.code == EAGAIN)
    }
}
