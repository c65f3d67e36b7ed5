#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GuardedFile {
    /// Deletes the file under its lock, so no writer is halfway through replacing it; false when
    /// there was none. The lock file stays: another process may hold it open.
    public func remove() throws(POSIXFailure) -> Bool {
        guard Paths.directory(of: path) == "." || Paths.isDirectory(Paths.directory(of: path)) else { return false }
        return try lockedWithoutDirectory { _ throws(POSIXFailure) in
            if unlink(path) == 0 { return true }
            if errno == ENOENT { return false }
            throw POSIXFailure(operation: "remove", path: path)
        }
    }
}
