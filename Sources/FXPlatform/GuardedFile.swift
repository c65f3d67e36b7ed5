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

    /// Files and directories are private: caches may hold what keys bought, the config the keys.
    static let fileMode: mode_t = 0o600
    static let directoryMode: mode_t = 0o700

    public init(path: String, lockPath: String) {
        self.path = path
        self.lockPath = lockPath
    }

    /// Where a damaged file is kept for inspection.
    public var asidePath: String { path + ".corrupt" }

    /// The whole file, without the lock; `.missing` when there is none.
    public func read() -> Result<Data, PlainFile.Failure> {
        Self.read(path)
    }

    /// How every state file is read, with or without its lock: the one place for how it is
    /// opened and how much of it is taken. (The config is read here too, before any editing.)
    public static func read(_ path: String) -> Result<Data, PlainFile.Failure> {
        PlainFile.read(path)
    }

    /// Runs `body` under the exclusive lock, creating the directory (0700) and the lock file first.
    public func withLock<T>(_ body: (LockedFile) throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        let directory = Paths.directory(of: path)
        try POSIXFailure.rethrowing(path: directory) { try AtomicFile.makeDirectory(directory, mode: Self.directoryMode) }
        return try lockedWithoutDirectory(body)
    }

    /// The lock alone: a reader that finds damage must not create a directory to set it aside.
    func lockedWithoutDirectory<T>(_ body: (LockedFile) throws(POSIXFailure) -> T) throws(POSIXFailure) -> T {
        try FileLock.withExclusiveLockFile(path: lockPath) { descriptor throws(POSIXFailure) in
            try body(LockedFile(file: self, lockDescriptor: descriptor))
        }
    }
}

/// What a store makes of its file's bytes (or of why they could not be read).
public enum FileVerdict<Value, Problem: Error> {
    case usable(Value)
    /// Damaged: set aside as `<name>.corrupt`, and the store starts afresh.
    case damaged(Problem)
    /// Not the store's to replace (a newer version's file, the user's own writing): left as it is.
    case leaveAlone(Problem)
}

/// Why `GuardedFile.load` has no value to give.
public enum LoadProblem<Problem: Error>: Error {
    /// The verdict was `.leaveAlone`: the file is as it was.
    case leftAlone(Problem)
    /// The file was damaged and now lies at `movedTo`.
    case setAside(Problem, movedTo: String)
    /// The file was damaged, but could not be moved (no lock or no rename in a read-only directory).
    case notSetAside(Problem, POSIXFailure)
}

/// Why `GuardedFile.update` wrote nothing.
public enum GuardedFileError<Problem: Error>: Error {
    /// The directory, the lock or the write failed.
    case system(POSIXFailure)
    /// The verdict was `.leaveAlone`, or `change` declined.
    case refused(Problem)
}

extension GuardedFile {
    /// The file's value as `interpret` judges it. Damage is judged again under the lock (another
    /// process may have replaced the file meanwhile), and only then set aside, by one process.
    public func load<Value, Problem>(_ interpret: (Result<Data, PlainFile.Failure>) -> FileVerdict<Value, Problem>)
        -> Result<Value, LoadProblem<Problem>> {
        let first: Problem
        switch interpret(read()) {
        case .usable(let value): return .success(value)
        case .leaveAlone(let problem): return .failure(.leftAlone(problem))
        case .damaged(let problem): first = problem
        }
        do throws(POSIXFailure) {
            return try lockedWithoutDirectory { locked throws(POSIXFailure) in
                switch interpret(locked.read()) {
                case .usable(let value): return .success(value)
                case .leaveAlone(let problem): return .failure(.leftAlone(problem))
                case .damaged(let problem):
                    switch locked.setAside() {
                    case .success(let aside): return .failure(.setAside(problem, movedTo: aside))
                    case .failure(let failure): return .failure(.notSetAside(problem, failure))
                    }
                }
            }
        } catch {
            return .failure(.notSetAside(first, error))
        }
    }

    /// Read → change → replace, under the lock: `change` gets the value on disk now (`empty` when
    /// there is none, or when a damaged file was just set aside) and gives the bytes to write and
    /// what to return.
    public func update<Value, Problem, Output>(
        empty: Value,
        _ interpret: (Result<Data, PlainFile.Failure>) -> FileVerdict<Value, Problem>,
        change: (Value) throws(Problem) -> (Data, Output)
    ) throws(GuardedFileError<Problem>) -> Output {
        let outcome: Result<Output, Problem>
        do throws(POSIXFailure) {
            outcome = try withLock { locked throws(POSIXFailure) in
                var value = empty
                switch interpret(locked.read()) {
                case .usable(let current): value = current
                case .leaveAlone(let problem): return .failure(problem)
                case .damaged: _ = locked.setAside()  // kept for inspection; replaced below either way
                }
                let data: Data, output: Output
                do throws(Problem) { (data, output) = try change(value) } catch { return .failure(error) }
                try locked.replace(with: data)
                return .success(output)
            }
        } catch {
            throw .system(error)
        }
        switch outcome {
        case .success(let output): return output
        case .failure(let problem): throw .refused(problem)
        }
    }
}
