#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, worded for a warning line.
public struct POSIXFailure: Error, Sendable, Equatable {
    public let operation: String
    public let path: String
    public let code: Int32
    /// Set when the call succeeded but what it opened is refused (a FIFO where a file belongs).
    public let refusal: String?

    public init(operation: String, path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
        refusal = nil
    }

    /// An open that found something other than a regular file, or refused a symbolic link.
    init(operation: String, path: String, refused: PlainFile.Failure) {
        self.operation = operation
        self.path = path
        code = EINVAL
        refusal = refused.refusal
    }

    public var reason: String {
        if let refusal { return "cannot \(operation) \(path): \(refusal)" }
        let why =
            switch code {
            // O_NOFOLLOW's answer: say what it means rather than "too many levels of symbolic links".
            case ELOOP: PlainFile.Failure.symbolicLink.refusal!
            case EISDIR: "a directory, not a file"
            // SIGXFSZ is ignored, so a file size limit (ulimit -f) ends the write with this.
            case EFBIG: "file too large (the file size limit, ulimit -f, is reached)"
            default: String(cString: strerror(code))
            }
        return "cannot \(operation) \(path): \(why)"
    }
}
