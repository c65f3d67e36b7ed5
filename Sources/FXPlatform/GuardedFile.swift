#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One small state file and the lock file beside it: the only way fx's stores read, replace, set
/// aside or append to their files, so that a rule about any of these (how a file is opened, how
/// much of it is read, what a temporary file is called and when it is cleaned up, what an append
/// leaves behind) is made once, here.
///
/// Reading needs no lock: writers replace the file by rename, so a reader sees the old content or
/// the new. Changing it takes the exclusive lock of the sibling lock file (whose inode stays put
/// while the file itself is replaced), then reads it again, so concurrent processes merge rather
/// than clobber. What the bytes mean is the caller's: it judges them with a `FileVerdict`, and
/// failures come back typed (`POSIXFailure`, `LoadProblem`, `GuardedFileError`), never worded for fx.
public struct GuardedFile: Sendable {
    public let path: String
    public let lockPath: String
    /// The most a read takes: beyond it the file is refused (`.tooLarge`) in constant memory.
    public let sizeLimit: Int

    /// Files and directories are private: state files may hold secrets, or what secrets bought.
    static let fileMode: mode_t = 0o600
    static let directoryMode: mode_t = 0o700

    /// What a small state file (latest.json, usage.json, config.json) may hold: a hundred times
    /// what fx writes into one, and little enough to read on every run.
    public static let smallFileLimit = 4 << 20

    public init(path: String, lockPath: String, sizeLimit: Int = smallFileLimit) {
        self.path = path
        self.lockPath = lockPath
        self.sizeLimit = sizeLimit
    }

    /// Where a damaged file is kept for inspection.
    public var asidePath: String { path + ".corrupt" }

    /// The whole file, without the lock; `.missing` when there is none. How every state file is
    /// read, with or without its lock: never through a symbolic link, never blocking on a FIFO
    /// (anything but a regular file is refused), and never more than `sizeLimit` bytes.
    public func read() -> Result<Data, PlainFile.Failure> {
        PlainFile.read(path, limit: sizeLimit, followingLinks: false)
    }

    /// A file read by path alone, such as a config before any edit: as `read()`, within
    /// `smallFileLimit`, except that a symbolic link is followed. The user's config may be a link
    /// into their dotfiles, and reading it harms nothing; an edit (which replaces it) refuses it.
    public static func read(_ path: String) -> Result<Data, PlainFile.Failure> {
        PlainFile.read(path, limit: smallFileLimit, followingLinks: true)
    }

    /// Runs `body` under the exclusive lock, creating the directory (0700) and the lock file first.
    public func withLock<T>(_ body: (LockedFile) throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        let directory = Paths.directory(of: path)
        try AtomicFile.makeDirectory(directory, mode: Self.directoryMode)
        return try lockedWithoutDirectory(body)
    }

    /// The lock alone: a reader that finds damage must not create a directory to set it aside.
    func lockedWithoutDirectory<T>(_ body: (LockedFile) throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        try FileLock.withExclusiveLockFile(path: lockPath) { descriptor throws(POSIXFailure) in
            try body(LockedFile(file: self, lockDescriptor: descriptor))
        }
    }
}
