#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each source's history in its own file, `history-<id>.txt` in fx's cache directory, under
/// the same rules as the latest rates: replaced atomically, written under an advisory lock
/// after re-reading (so concurrent processes merge), a damaged file set aside and reported.
public struct FileHistoryStore: HistoryStore {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public func path(of source: SourceID) -> String { directory + "/history-\(source.rawValue).txt" }
    private func lockPath(of source: SourceID) -> String { directory + "/history-\(source.rawValue).lock" }

    public func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic]) {
        CacheRead.load(path: path(of: source), lockPath: lockPath(of: source), empty: nil) { read(source, currencies: currencies) }
    }

    public func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory {
        let path = path(of: entry.source)
        do {
            try AtomicFile.makeDirectory(directory)
            return try FileLock.withExclusiveLock(path: lockPath(of: entry.source)) {
                var merged = entry
                switch read(entry.source, currencies: nil) {
                case .success(let current?): merged = HistoryMerge.lay(entry, over: current)
                case .success(nil): break
                case .failure(let problem) where problem.isNewer:
                    // A newer fx's history is its own: this run answers without writing over it.
                    throw StoreError(path: path, reason: problem.reason)
                case .failure(let problem): _ = SetAside.file(path, reason: problem.reason)
                }
                try AtomicFile.write(HistoryFileFormat.encode(merged), to: path)
                return merged
            }
        } catch let failure as POSIXFailure {
            throw StoreError(path: path, reason: failure.reason)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, reason: String(describing: error))
        }
    }

    private func read(_ source: SourceID, currencies: Set<CurrencyCode>?) -> Result<CachedHistory?, CacheReadProblem> {
        let path = path(of: source)
        guard Paths.exists(path) else { return .success(nil) }
        guard let data = PlainFile.contents(path) else {
            if Paths.isDirectory(path) {
                return .failure(CacheReadProblem(reason: "a directory stands where the history file should be"))
            }
            return .failure(CacheReadProblem(reason: access(path, R_OK) != 0 && errno == EACCES ? "permission denied" : "cannot be read"))
        }
        do {
            let entry = try HistoryFileFormat.decode(data, currencies: currencies)
            guard entry.source == source else {
                return .failure(CacheReadProblem(reason: "it holds \(entry.source.rawValue.shownFromFile)'s history"))
            }
            return .success(entry)
        } catch {
            if let schema = error.newerSchema { return .failure(.newer(schema)) }
            return .failure(CacheReadProblem(reason: error.reason))
        }
    }
}
