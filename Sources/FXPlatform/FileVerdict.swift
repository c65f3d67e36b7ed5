// A `GuardedFile`'s bytes as their owner judges them: damage set aside, a file not the owner's
// left alone, and read → change → replace under the lock.

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
        -> Result<Value, LoadProblem<Problem>>
    {
        judged { interpret($0.read()) }
    }

    /// As `load`, for a reader that takes only the parts it needs (`FilePieces`), the file opened
    /// as `read` opens it.
    public func loadPieces<Value, Problem>(_ interpret: (Result<FilePieces, PlainFile.Failure>) -> FileVerdict<Value, Problem>)
        -> Result<Value, LoadProblem<Problem>>
    {
        judged { file in
            switch FilePieces.open(file.path, limit: file.sizeLimit, followingLinks: false, { interpret(.success($0)) }) {
            case .success(let verdict): verdict
            case .failure(let failure): interpret(.failure(failure))
            }
        }
    }

    /// `judge`'s verdict on the file; damage judged again under the lock before it is set aside.
    private func judged<Value, Problem>(_ judge: (GuardedFile) -> FileVerdict<Value, Problem>) -> Result<Value, LoadProblem<Problem>> {
        let first: Problem
        switch judge(self) {
        case .usable(let value): return .success(value)
        case .leaveAlone(let problem): return .failure(.leftAlone(problem))
        case .damaged(let problem): first = problem
        }
        do throws(POSIXFailure) {
            return try lockedWithoutDirectory { locked throws(POSIXFailure) in
                switch judge(self) {
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
