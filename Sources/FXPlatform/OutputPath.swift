#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What stands at a path a user named for fx to write (`csv -o`, a snapshot): nothing, or a
/// regular file, whose mode and owner its replacement keeps. Anything else is refused, since a
/// rename would put a file in its place: a link would stop leading where the user keeps the file,
/// a FIFO or a device (`/dev/null`, `/dev/stdout` is a link) would become a file, as root too.
public struct OutputPath: Sendable {
    public let path: String
    /// The replaced file's permission bits and owner; nil when nothing is there.
    let existing: (mode: mode_t, owner: uid_t, group: gid_t)?
    /// Whether a file stands there (and will be replaced).
    public var exists: Bool { existing != nil }

    /// `path` examined, not following a link; a POSIXFailure naming what stands there otherwise.
    public init(_ path: String, operation: String = "write") throws(POSIXFailure) {
        self.path = path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw POSIXFailure(operation: operation, path: path) }
            existing = nil
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // The permission bits alone: set-user-ID and the like are not a data file's to carry on.
            existing = (info.st_mode & 0o777, info.st_uid, info.st_gid)
        case S_IFLNK: throw POSIXFailure(operation: operation, path: path, refused: .symbolicLink)
        case S_IFDIR: throw POSIXFailure(operation: operation, path: path, code: EISDIR)
        default: throw POSIXFailure(operation: operation, path: path, refused: .notRegularFile)
        }
    }

    /// The mode to create a temporary file with: private when it will take a replaced file's mode
    /// (so it is never wider meanwhile), else `mode` as the umask narrows it.
    func creationMode(_ mode: mode_t) -> mode_t { existing == nil ? mode : 0o600 }

    /// Gives the temporary file `fd` the replaced file's owner (where allowed: root may give a file
    /// away, a user may change its group to one of theirs) and then its mode, which chown may clear.
    func adopt(_ fd: Int32) {
        guard let existing else { return }
        _ = fchown(fd, existing.owner, existing.group)
        _ = fchmod(fd, existing.mode)
    }
}
