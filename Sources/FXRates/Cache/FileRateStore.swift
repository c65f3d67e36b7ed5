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
        let (entries, diagnostics) = CacheRead.load(path: path, lockPath: lockPath, empty: [:], read: read)
        return StoreContents(entries: entries, diagnostics: diagnostics)
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
                case .failure(let problem) where problem.isNewer:
                    // A newer fx's cache is its own: this run answers without writing over it.
                    throw StoreError(path: path, reason: problem.reason)
                case .failure(let problem): _ = SetAside.file(path, reason: problem.reason)
                }
                entries[entry.source] = entry
                try AtomicFile.write(CacheFileFormat(entries: entries).encoded(), to: path)
            }
        } catch let failure as POSIXFailure {
            throw StoreError(path: path, reason: failure.reason)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, reason: String(describing: error))
        }
    }

    /// The entries on disk; a missing file is empty.
    private func read() -> Result<[SourceID: CachedRates], CacheReadProblem> {
        // Missing, or a path that cannot exist (a file where the directory should be): no cache yet.
        let data: Data
        switch PlainFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(.missing): return .success([:])
        case .failure(.isDirectory): return .failure(CacheReadProblem(reason: "a directory stands where the cache file should be"))
        case .failure(.permissionDenied): return .failure(CacheReadProblem(reason: "permission denied"))
        case .failure: return .failure(CacheReadProblem(reason: "cannot be read"))
        }
        do {
            return .success(try CacheFileFormat.decode(data))
        } catch .unsupportedSchema(let schema) where schema > CacheFileFormat.currentSchema {
            return .failure(.newer(schema))
        } catch {
            return .failure(CacheReadProblem(reason: error.reason))
        }
    }

}
