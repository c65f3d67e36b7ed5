#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
