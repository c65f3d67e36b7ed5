/// The latest rates of every source in one small JSON file, `latest.json` in fx's cache
/// directory: read without a lock (writers replace it atomically), written under an
/// advisory lock (`latest.lock`) after re-reading it, so concurrent fx processes merge rather
/// than clobber. A damaged file is set aside as `latest.json.corrupt` and reported once; a
/// newer fx's is left alone.
public struct FileRateStore: RateStore {
    /// fx's cache directory, which holds the file and its lock file.
    public let directory: String
    public var path: String { directory + "/latest.json" }
    private var file: GuardedFile { GuardedFile(path: path, lockPath: directory + "/latest.lock") }

    /// A store in `directory`, made (0700) on the first write.
    public init(directory: String) {
        self.directory = directory
    }

    /// Every source's entry; a missing file is empty, a damaged or newer one empty with one diagnostic.
    public func load() -> StoreContents {
        let (entries, diagnostics) = CacheFile.load(file, empty: [:], Self.interpret)
        return StoreContents(entries: entries, diagnostics: diagnostics)
    }

    /// Only the rows of `codes`, found without reading the others (`CacheFileFormat.scan`), and
    /// each source's entry read only when the service asks for that source: a one-shot answered by
    /// the ECB does not read the 219-currency blend beside it. Measured in Benchmarks/README.md,
    /// "Frankfurter v2" (callgrind, Benchmarks/frankfurter.py).
    public func load(keeping codes: Set<CurrencyCode>) -> StoreContents {
        let keeping = Set(codes.map(\.rawValue))
        var bytes: [UInt8]?
        var deferred: [String: Int] = [:]
        let (entries, diagnostics) = CacheFile.load(file, empty: [SourceID: CachedRates]()) { read in
            Self.interpret(read) { data throws(CacheFormatError) in
                let read = data.byteArray
                bytes = read
                do {
                    return try CacheFileFormat.scan(read, keeping: keeping, deferring: true, deferred: &deferred).entries()
                } catch {
                    // Judged as a whole read judges it: a file written otherwise may still be sound.
                    deferred = [:]
                    return try CacheFileFormat.decode(data)
                }
            }
        }
        var contents = StoreContents(entries: entries, diagnostics: diagnostics)
        if let bytes, diagnostics.isEmpty {
            for (id, start) in deferred {
                // Nil when the entry cannot be read so: the service then reads the file whole, which says why.
                contents.deferred[SourceID(id)] = { try? CacheFileFormat.entry(id, in: bytes, at: start, keeping: keeping) }
            }
            // A row skipped here may still be damaged: then the file is read (and set aside) as `load` does.
            contents.whole = { (try? CacheFileFormat.decode(Data(bytes))).map { StoreContents(entries: $0) } ?? self.load() }
        }
        return contents
    }

    /// Replaces `entry`'s source, keeping what other processes wrote since this one read.
    public func save(_ entry: CachedRates) throws(StoreError) {
        try CacheFile.save(file, empty: [:], Self.interpret) { current in
            var entries = current
            entries[entry.source] = entry
            return (try CacheFileFormat(entries: entries).encoded(), ())
        }
    }

    /// latest.json's inode, size and modification time: a replace by rename changes the inode.
    public func version() -> StoreVersion? {
        Paths.identity(path).map(StoreVersion.init)
    }

    private static func interpret(_ read: Result<Data, PlainFile.Failure>) -> FileVerdict<[SourceID: CachedRates], CacheFileProblem> {
        interpret(read) { data throws(CacheFormatError) in try CacheFileFormat.decode(data) }
    }

    private static func interpret(
        _ read: Result<Data, PlainFile.Failure>, decode: (Data) throws(CacheFormatError) -> [SourceID: CachedRates]
    ) -> FileVerdict<[SourceID: CachedRates], CacheFileProblem> {
        CacheFile.verdict(read, kind: "cache", empty: [:]) { data in
            do throws(CacheFormatError) {
                return .usable(try decode(data))
            } catch .unsupportedSchema(let schema) where schema > CacheFileFormat.currentSchema {
                return .leaveAlone(.newer(schema))
            } catch {
                return .damaged(CacheFileProblem(reason: error.reason))
            }
        }
    }
}
