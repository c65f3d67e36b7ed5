import FXRates
import FXAnswers
import FXRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where answered conversions and rate lookups are kept for bare `history`.
public protocol ConversionLog: Sendable {
    /// Adds `entries` after those kept. A problem comes back as the text of one warning line,
    /// never as an error: the answer it records has been given already.
    @discardableResult func append(_ entries: [ConversionLogEntry]) -> String?
    /// What is kept, oldest first.
    func entries() -> [ConversionLogEntry]
}

/// `log.jsonl` in fx's state directory: one JSON object per line, so an append is one write
/// and a line cut short by a crash costs only itself.
public struct FileConversionLog: ConversionLog {
    public static let defaultCapacity = 1_000

    public let path: String
    /// The newest this many entries are kept.
    public let capacity: Int

    /// `stateDirectory` is fx's own (`…/state/fx`), as for `InputHistory`.
    public init(stateDirectory: String, capacity: Int = defaultCapacity) {
        path = stateDirectory + "/log.jsonl"
        self.capacity = max(1, capacity)
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
        let directory = Paths.directory(of: path)
        do {
            try AtomicFile.makeDirectory(directory)
        } catch let failure as POSIXFailure {
            return "could not keep the conversion log: \(failure.reason)"
        } catch {
            return "could not keep the conversion log: cannot create directory \(directory)"
        }
        do {
            // The lock file stays put while the log itself may be replaced by a rename.
            try FileLock.withExclusiveLockFile(path: path + ".lock") { lock in
                let appended = try appendLocked(data)
                // The lock file remembers the line count at a size: a log of that size before
                // this append is not read again. Any other size (edited, replaced, written by an
                // older fx) is counted afresh.
                var tally = Tally(lines: 0, size: appended.after)
                if let kept = Tally.read(lock), kept.size == appended.before {
                    tally.lines = kept.lines + entries.count
                } else {
                    tally.lines = Self.lineCount(path)
                }
                if tally.lines > capacity + capacity / 10 { tally = try trimLocked() }
                tally.write(lock)
            }
            return nil
        } catch let failure as POSIXFailure {
            return "could not keep the conversion log: \(failure.reason)"
        } catch {
            return "could not keep the conversion log: cannot lock \(path).lock"
        }
    }

    /// Everything kept, oldest first; lines that do not decode (a half-written last line,
    /// anything else) are skipped. No lock: appends and the rename leave whole lines to read.
    public func entries() -> [ConversionLogEntry] {
        guard let data = PlainFile.contents(path) else { return [] }
        return Array(Self.decode(data).suffix(capacity).map(\.entry))
    }

    /// Appends; says the file's size before and after. (A log that does not end in a newline,
    /// left by a crash, never has the size the lock file remembers: fx writes whole lines.)
    private func appendLocked(_ data: Data) throws -> (before: Int, after: Int) {
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXFailure(operation: "open", path: path) }
        defer { close(fd) }
        // A line cut short by a crash must not swallow the first new one.
        var payload = data
        var last: UInt8 = 0x0A
        var status = stat()
        if fstat(fd, &status) == 0, status.st_size > 0, pread(fd, &last, 1, off_t(status.st_size - 1)) == 1, last != 0x0A {
            payload.insert(0x0A, at: 0)
        }
        try AtomicFile.writeAll(fd, payload, path: path)
        return (Int(status.st_size), Int(status.st_size) + payload.count)
    }

    /// Past `capacity` plus a tenth, keep the newest `capacity`: rewriting on every append
    /// would cost a full copy each time.
    private func trimLocked() throws -> Tally {
        guard let data = PlainFile.contents(path) else { return Tally(lines: 0, size: 0) }
        var kept = Data()
        let lines = Self.decode(data).suffix(capacity)
        for line in lines { kept += line.bytes + [0x0A] }
        try AtomicFile.write(kept, to: path)
        return Tally(lines: lines.count, size: kept.count)
    }

    /// The log's line count when it had `size` bytes, kept in the lock file (16 bytes).
    struct Tally: Equatable {
        var lines: Int
        var size: Int

        static func read(_ fd: Int32) -> Tally? {
            var words: (Int64, Int64) = (0, 0)
            let count = withUnsafeMutableBytes(of: &words) { pread(fd, $0.baseAddress, $0.count, 0) }
            guard count == 16, words.0 >= 0, words.1 >= 0 else { return nil }
            return Tally(lines: Int(words.0), size: Int(words.1))
        }

        func write(_ fd: Int32) {
            var words = (Int64(lines), Int64(size))
            _ = withUnsafeBytes(of: &words) { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    /// Lines in the log; read only when the lock file's count does not match it.
    private static func lineCount(_ path: String) -> Int {
        PlainFile.contents(path)?.withUnsafeBytes { bytes in
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

