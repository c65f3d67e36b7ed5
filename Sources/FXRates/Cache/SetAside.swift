import Foundation

/// A damaged cache file is renamed `<name>.corrupt` (replacing an older one) for inspection,
/// so fx can start afresh; called under the file's lock, so only one process does it.
enum SetAside {
    static func file(_ path: String, reason: String) -> Diagnostic {
        let aside = path + ".corrupt"
        try? FileManager.default.removeItem(atPath: aside)
        do {
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            return .cacheSetAside(path: path, movedTo: aside, reason: reason)
        } catch {
            return .cacheUnreadable(path: path, reason: reason)
        }
    }
}

/// Why a cache file on disk cannot be used.
struct CacheReadProblem: Error {
    let reason: String
}

enum CacheRead {
    /// `read()`'s value; when it fails, read again under the lock (another process may have
    /// replaced the file meanwhile) and only then set the file aside, so that one process does it.
    /// `empty` stands in for a file set aside or a lock that cannot be taken.
    static func load<Value>(path: String, lockPath: String, empty: Value, lockFailure: String,
                            read: () -> Result<Value, CacheReadProblem>) -> (Value, [Diagnostic]) {
        if case .success(let value) = read() { return (value, []) }
        let retried = try? FileLock.withExclusiveLock(path: lockPath) { () -> (Value, [Diagnostic]) in
            switch read() {
            case .success(let value): return (value, [])
            case .failure(let problem): return (empty, [SetAside.file(path, reason: problem.reason)])
            }
        }
        return retried ?? (empty, [.cacheUnreadable(path: path, reason: lockFailure)])
    }
}
