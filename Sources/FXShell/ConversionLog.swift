import FXRates
import FXAnswers
import FXRender

/// `log.jsonl` in fx's state directory: one JSON object per line, so an append is one write
/// and a line cut short by a crash costs only itself.
public struct FileConversionLog: ConversionLog {
    /// Entries kept: the newest thousand.
    public static let defaultCapacity = 1_000
    /// Bytes kept: 1 MiB, which a thousand entries of typed lines never reach (a few hundred
    /// KiB); only pasted long lines do.
    public static let defaultByteCapacity = 1 << 20

    /// `log.jsonl` in the state directory.
    public let path: String
    /// The newest this many entries are kept.
    public let capacity: Int
    /// The log's size cap: past it, the oldest entries are dropped (it never stops logging).
    public let byteCapacity: Int

    /// `stateDirectory` is fx's own (`…/state/fx`), as for `InputHistory`.
    public init(stateDirectory: String, capacity: Int = defaultCapacity, byteCapacity: Int = defaultByteCapacity) {
        path = stateDirectory + "/log.jsonl"
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// `$XDG_STATE_HOME/fx/log.jsonl`, default `~/.local/state/fx/log.jsonl`.
    public static func standard(environment: [String: String], capacity: Int = defaultCapacity) -> FileConversionLog {
        FileConversionLog(stateDirectory: Settings.stateDirectory(environment), capacity: capacity)
    }

    @discardableResult
    public func append(_ entries: [ConversionLogEntry]) -> String? {
        guard !entries.isEmpty else { return nil }
        var text = ""
        for entry in entries { text += entry.jsonLine + "\n" }
        // Data(bytes:count:), not Data(text.utf8): the generic initialiser's first use costs a
        // one-shot answer more than writing the line.
        let data = text.withUTF8 { Data(bytes: $0.baseAddress!, count: $0.count) }
        do throws(POSIXFailure) {
            // The lock file stays put while the log itself may be replaced by a rename.
            try file.withLock { locked throws(POSIXFailure) in
                var appended = try locked.append(lines: data)
                // The lock file remembers the line count at a size: a log of that size before
                // this append is not read again. Any other size (edited, replaced, written by an
                // older fx) is counted afresh.
                var tally = Tally(lines: 0, size: appended.after)
                if let kept = Tally(note: locked.note()), kept.size == appended.before {
                    tally.lines = kept.lines + entries.count
                } else {
                    let read = locked.read()
                    // Far beyond what trimming keeps, so not fx's writing: set aside once (in
                    // constant memory), and the log starts again with these entries.
                    if case .failure(.tooLarge) = read, case .success = locked.setAside() {
                        appended = try locked.append(lines: data)
                        tally = Tally(lines: entries.count, size: appended.after)
                    } else {
                        tally.lines = Self.lineCount(read)
                    }
                }
                if tally.lines > capacity + capacity / 10 || tally.size > byteCapacity {
                    tally = try Self.trim(locked, to: capacity, bytes: byteCapacity - byteCapacity / 4)
                }
                locked.keepNote(tally.note)
            }
            return nil
        } catch {
            return "could not keep the conversion log: \(error.reason)"
        }
    }

    /// `log.jsonl.lock` keeps the line count (see `Tally`).
    private var file: GuardedFile { GuardedFile(path: path, lockPath: path + ".lock", sizeLimit: Self.sizeLimit) }

    /// The most a log is read: its thousand entries take a few hundred KiB.
    static let sizeLimit = 16 << 20

    /// Everything kept, oldest first; lines that do not decode (a half-written last line,
    /// anything else) are skipped. No lock: appends and the rename leave whole lines to read.
    public func entries() -> [ConversionLogEntry] {
        guard case .success(let data) = file.read() else { return [] }
        return Array(Self.decode(data).suffix(capacity).map(\.entry))
    }

    /// Past `capacity` plus a tenth, or past the byte cap, keep the newest `capacity` entries
    /// that fit in `bytes` (three quarters of the cap): rewriting on every append would cost a
    /// full copy each time.
    private static func trim(_ locked: LockedFile, to capacity: Int, bytes: Int) throws(POSIXFailure) -> Tally {
        guard case .success(let data) = locked.read() else { return Tally(lines: 0, size: 0) }
        var lines = decode(data).suffix(capacity)
        var size = lines.reduce(0) { $0 + $1.bytes.count + 1 }
        while size > bytes, let oldest = lines.popFirst() { size -= oldest.bytes.count + 1 }
        var kept = Data()
        for line in lines { kept += line.bytes + [0x0A] }
        try locked.replace(with: kept)
        return Tally(lines: lines.count, size: kept.count)
    }

    /// The log's line count when it had `size` bytes, kept in the lock file as its note.
    struct Tally: Equatable {
        var lines: Int
        var size: Int

        init(lines: Int, size: Int) {
            self.lines = lines
            self.size = size
        }

        init?(note: (Int64, Int64)?) {
            guard let note, note.0 >= 0, note.1 >= 0 else { return nil }
            self.init(lines: Int(note.0), size: Int(note.1))
        }

        var note: (Int64, Int64) { (Int64(lines), Int64(size)) }
    }

    /// Lines in the log; read only when the lock file's count does not match it.
    private static func lineCount(_ read: Result<Data, PlainFile.Failure>) -> Int {
        (try? read.get())?.withUnsafeBytes { bytes in
            var count = 0
            for byte in bytes where byte == 0x0A { count += 1 }
            return count
        } ?? 0
    }

    private static func decode(_ data: Data) -> [(entry: ConversionLogEntry, bytes: Data)] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return data.split(separator: 0x0A).compactMap { line in
            (try? decoder.decode(ConversionLogEntry.self, from: line)).map { ($0, Data(line)) }
        }
    }
}
