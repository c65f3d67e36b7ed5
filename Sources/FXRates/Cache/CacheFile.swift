/// What the cache stores (`latest.json`, the history files) share: how a read is judged and how
/// the platform's typed failures become fx's words (a `Diagnostic`, a `StoreError`).
enum CacheFile {
    /// A read judged: no file is `empty`; one that cannot be read is damaged, as are bytes that
    /// `decode` rejects. `kind` names the file in a warning ("cache", "history").
    static func verdict<Input, Value>(
        _ read: Result<Input, PlainFile.Failure>, kind: String, empty: Value,
        decode: (Input) -> FileVerdict<Value, CacheFileProblem>
    ) -> FileVerdict<Value, CacheFileProblem> {
        switch read {
        case .success(let data): decode(data)
        // Missing, or a path that cannot exist (a file where the directory should be): nothing cached yet.
        case .failure(.missing): .usable(empty)
        case .failure(.isDirectory): .damaged(CacheFileProblem(reason: "a directory stands where the \(kind) file should be"))
        case .failure(.permissionDenied): .damaged(CacheFileProblem(reason: "permission denied"))
        // A FIFO, a link or a huge file in its place is no cache either: set aside like damage (a
        // rename moves the name, never opening it or what a link points to), and fx starts afresh.
        case .failure(.tooLarge(let limit)):
            .damaged(CacheFileProblem(reason: "larger than any \(kind) file (\(PlainFile.sizeText(limit)))"))
        case .failure(let failure):
            .damaged(CacheFileProblem(reason: failure.refusal ?? "cannot be read"))
        }
    }

    /// The file's value, or `empty` and the one diagnostic that says why.
    static func load<Value>(
        _ file: GuardedFile, empty: Value,
        _ interpret: (Result<Data, PlainFile.Failure>) -> FileVerdict<Value, CacheFileProblem>
    ) -> (Value, [Diagnostic]) {
        outcome(file.load(interpret), file: file, empty: empty)
    }

    /// As `load`, read in pieces (`FilePieces`).
    static func loadPieces<Value>(
        _ file: GuardedFile, empty: Value,
        _ interpret: (Result<FilePieces, PlainFile.Failure>) -> FileVerdict<Value, CacheFileProblem>
    ) -> (Value, [Diagnostic]) {
        outcome(file.loadPieces(interpret), file: file, empty: empty)
    }

    private static func outcome<Value>(
        _ loaded: Result<Value, LoadProblem<CacheFileProblem>>, file: GuardedFile, empty: Value
    ) -> (Value, [Diagnostic]) {
        switch loaded {
        case .success(let value): (value, [])
        case .failure(.leftAlone(let problem)): (empty, [.cacheUnreadable(path: file.path, reason: problem.reason)])
        case .failure(.setAside(let problem, let aside)): (empty, [.cacheSetAside(path: file.path, movedTo: aside, reason: problem.reason)])
        case .failure(.notSetAside(let problem, let failure)):
            (empty, [.cacheUnreadable(path: file.path, reason: problem.reason + "; " + failure.reason)])
        }
    }

    /// `GuardedFile.update`, its failures as a `StoreError`. A damaged file is set aside (kept for
    /// inspection) and replaced; a newer fx's is left alone, and this save refused.
    static func save<Value, Output>(
        _ file: GuardedFile, empty: Value,
        _ interpret: (Result<Data, PlainFile.Failure>) -> FileVerdict<Value, CacheFileProblem>,
        change: (Value) throws -> (Data, Output)
    ) throws(StoreError) -> Output {
        do throws(GuardedFileError<CacheFileProblem>) {
            return try file.update(empty: empty, interpret) { current throws(CacheFileProblem) in
                do { return try change(current) } catch { throw CacheFileProblem(reason: String(describing: error)) }
            }
        } catch {
            switch error {
            case .system(let failure): throw StoreError(path: file.path, reason: failure.reason)
            case .refused(let problem): throw StoreError(path: file.path, reason: problem.reason)
            }
        }
    }
}

/// Why a cache file cannot be used, worded to stand in a warning's parentheses: "not a cache file".
struct CacheFileProblem: Error {
    let reason: String

    /// Written by a newer fx, in a layout this one does not know: not damage, so it is neither set
    /// aside nor replaced (the newer fx keeps its cache); this run goes on without it.
    static func newer(_ schema: Int) -> CacheFileProblem {
        CacheFileProblem(reason: "written by a newer version of fx (schema \(schema)); left as it is, and this run does not cache")
    }
}

extension String {
    /// A word read from a damaged file, fit to stand in a warning: control and format characters
    /// (a terminal escape) written as `\x1B`, and at most 40 characters.
    var shownFromFile: String {
        escapingControls(first: 40) + (unicodeScalars.count > 40 ? "…" : "")
    }
}
