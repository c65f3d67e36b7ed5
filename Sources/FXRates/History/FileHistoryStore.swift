/// Each source's history in its own file, `history-<id>.txt` in fx's cache directory, under
/// the same rules as the latest rates: replaced atomically, written under an advisory lock
/// (`history-<id>.lock`) after re-reading (so concurrent processes merge), a damaged file set
/// aside and reported, a newer fx's left alone.
public struct FileHistoryStore: HistoryStore {
    /// fx's cache directory, which holds the file and its lock file.
    public let directory: String

    /// A store in `directory`, made (0700) on the first write.
    public init(directory: String) {
        self.directory = directory
    }

    /// The most a history file may hold: the ECB's since 1999 takes a few MiB.
    static let sizeLimit = 64 << 20

    /// Where `source`'s history is kept.
    public func path(of source: SourceID) -> String { directory + "/history-\(source.rawValue).txt" }
    private func file(of source: SourceID) -> GuardedFile {
        GuardedFile(path: path(of: source), lockPath: directory + "/history-\(source.rawValue).lock", sizeLimit: Self.sizeLimit)
    }

    /// The stored history with only `currencies` read (all when nil); nil when there is none,
    /// or with the one diagnostic that says why not.
    public func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic]) {
        guard let currencies else {
            return CacheFile.load(file(of: source), empty: nil) { Self.interpret($0, source: source, currencies: nil) }
        }
        // A few currencies: their lines alone, by the file's index; anything unexpected, and a file
        // without an index, is read whole and judged as a whole.
        return CacheFile.loadPieces(file(of: source), empty: nil) { opened in
            if case .success(let pieces) = opened, let entry = HistoryFileFormat.decodeIndexed(pieces, currencies: currencies),
                entry.source == source
            {
                return .usable(entry)
            }
            return Self.interpret(opened.flatMap { $0.all() }, source: source, currencies: currencies)
        }
    }

    /// Lays `entry` over the file as it is now and saves the result, which it returns.
    public func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory {
        try CacheFile.save(
            file(of: entry.source), empty: nil, { Self.interpret($0, source: entry.source, currencies: nil) },
            change: { current in
                let merged = current.map { HistoryMerge.lay(entry, over: $0) } ?? entry
                return (HistoryFileFormat.encode(merged), merged)
            })
    }

    private static func interpret(
        _ read: Result<Data, PlainFile.Failure>, source: SourceID,
        currencies: Set<CurrencyCode>?
    ) -> FileVerdict<CachedHistory?, CacheFileProblem> {
        CacheFile.verdict(read, kind: "history", empty: nil) { data in
            do throws(HistoryFileFormat.DecodeError) {
                let entry = try HistoryFileFormat.decode(data, currencies: currencies)
                guard entry.source == source else {
                    return .damaged(CacheFileProblem(reason: "it holds \(entry.source.rawValue.shownFromFile)'s history"))
                }
                return .usable(entry)
            } catch {
                if let schema = error.newerSchema { return .leaveAlone(.newer(schema)) }
                return .damaged(CacheFileProblem(reason: error.reason))
            }
        }
    }
}
