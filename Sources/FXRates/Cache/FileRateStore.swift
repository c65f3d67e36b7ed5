import Foundation

/// The latest rates of every source in one small JSON file, `latest.json` in fx's cache
/// directory: read without a lock (writers replace it atomically), written under an
/// advisory lock after re-reading it, so concurrent fx processes merge rather than clobber.
public struct FileRateStore: RateStore {
    public let directory: String
    public var path: String { directory + "/latest.json" }
    private var lockPath: String { directory + "/latest.lock" }

    public init(directory: String) {
        self.directory = directory
    }

    public func load() -> StoreContents {
        if case .success(let entries) = read() { return StoreContents(entries: entries) }
        // Decide again under the lock: another process may have replaced the file meanwhile,
        // and only one of them should move it aside.
        let retried = try? FileLock.withExclusiveLock(path: lockPath) { () -> StoreContents in
            switch read() {
            case .success(let entries): return StoreContents(entries: entries)
            case .failure(let problem): return StoreContents(diagnostics: [setAside(reason: problem.reason)])
            }
        }
        return retried ?? StoreContents(diagnostics: [.cacheUnreadable(path: path, reason: "cannot lock the cache")])
    }

    public func save(_ entry: CachedRates) throws(StoreError) {
        do {
            try AtomicFile.makeDirectory(directory)
            try FileLock.withExclusiveLock(path: lockPath) {
                // Keep what other processes wrote since we read; a damaged file is kept aside
                // for inspection before it is replaced.
                var entries: [SourceID: CachedRates] = [:]
                switch read() {
                case .success(let current): entries = current
                case .failure(let problem): _ = setAside(reason: problem.reason)
                }
                entries[entry.source] = entry
                try AtomicFile.write(CacheFileFormat(entries: entries).encoded(), to: path)
            }
        } catch let failure as POSIXFailure {
            throw StoreError(path: path, reason: failure.reason)
        } catch {
            throw StoreError(path: path, reason: String(describing: error))
        }
    }

    /// Why the file on disk cannot be used.
    private struct ReadProblem: Error {
        let reason: String
    }

    /// The entries on disk; a missing file is empty.
    private func read() -> Result<[SourceID: CachedRates], ReadProblem> {
        // Missing, or a path that cannot exist (a file where the directory should be): no cache yet.
        guard FileManager.default.fileExists(atPath: path) else { return .success([:]) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return .failure(ReadProblem(reason: "a directory stands where the cache file should be"))
            }
            return .failure(ReadProblem(reason: readReason(error)))
        }
        do {
            return .success(try CacheFileFormat.decode(data))
        } catch {
            return .failure(ReadProblem(reason: error.reason))
        }
    }

    private func setAside(reason: String) -> Diagnostic {
        SetAside.file(path, reason: reason)
    }

    private func readReason(_ error: Error) -> String {
        if let error = error as? CocoaError, error.code == .fileReadNoPermission { return "permission denied" }
        return "cannot be read"
    }
}
