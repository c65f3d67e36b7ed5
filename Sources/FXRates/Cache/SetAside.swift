#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damaged cache file is renamed `<name>.corrupt` (replacing an older one) for inspection,
/// so fx can start afresh; called under the file's lock, so only one process does it.
enum SetAside {
    static func file(_ path: String, reason: String) -> Diagnostic {
        let aside = path + ".corrupt"
        try? FileManager.default.removeItem(atPath: aside)
        guard rename(path, aside) == 0 else {
            // A read-only directory: the file stays where it is, and fx goes on without it.
            let failure = POSIXFailure(operation: "move it aside to", path: aside)
            return .cacheUnreadable(path: path, reason: reason + "; " + failure.reason)
        }
        return .cacheSetAside(path: path, movedTo: aside, reason: reason)
    }
}

/// Why a cache file on disk cannot be used.
struct CacheReadProblem: Error {
    let reason: String
    /// Written by a newer fx, in a layout this one does not know: not damaged, so it is neither
    /// set aside nor replaced (the newer fx keeps its cache); this run goes on without it.
    var isNewer = false

    static func newer(_ schema: Int) -> CacheReadProblem {
        CacheReadProblem(reason: "written by a newer version of fx (schema \(schema)); left as it is, and this run does not cache",
                         isNewer: true)
    }
}

enum CacheRead {
    /// `read()`'s value; when it fails, read again under the lock (another process may have
    /// replaced the file meanwhile) and only then set the file aside, so that one process does it.
    /// `empty` stands in for a file set aside, one a newer fx wrote, or one that cannot be set
    /// aside (the lock cannot even be taken in a read-only directory): each is one diagnostic.
    static func load<Value>(path: String, lockPath: String, empty: Value,
                            read: () -> Result<Value, CacheReadProblem>) -> (Value, [Diagnostic]) {
        let problem: CacheReadProblem
        switch read() {
        case .success(let value): return (value, [])
        case .failure(let failure): problem = failure
        }
        if problem.isNewer { return (empty, [.cacheUnreadable(path: path, reason: problem.reason)]) }
        do {
            return try FileLock.withExclusiveLock(path: lockPath) { () -> (Value, [Diagnostic]) in
                switch read() {
                case .success(let value): return (value, [])
                case .failure(let problem) where problem.isNewer: return (empty, [.cacheUnreadable(path: path, reason: problem.reason)])
                case .failure(let problem): return (empty, [SetAside.file(path, reason: problem.reason)])
                }
            }
        } catch let failure as POSIXFailure {
            return (empty, [.cacheUnreadable(path: path, reason: problem.reason + "; " + failure.reason)])
        } catch {
            return (empty, [.cacheUnreadable(path: path, reason: problem.reason)])
        }
    }
}

extension String {
    /// A word read from a damaged file, fit to stand in a warning: control and format characters
    /// (a terminal escape) written as `\x1B`, and at most 40 characters.
    var shownFromFile: String {
        var shown = ""
        for scalar in unicodeScalars.prefix(40) {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return unicodeScalars.count > 40 ? shown + "…" : shown
    }
}
