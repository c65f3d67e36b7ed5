import FXAnswers
import FXRates

/// RFC 4180 records read from a byte stream in chunks: quoted fields may hold the delimiter,
/// newlines and doubled quotes; CRLF or LF ends a record; a UTF-8 BOM at the start is skipped.
/// Each record's fields are ranges into one reused byte array, so a million rows cost no more
/// memory than one. A record beyond `recordLimit` bytes as written (delimiters and quotes
/// counted: a 100 MB line of commas once took 2.1 GB of field ranges), a NUL byte (a binary file)
/// or an unclosed quote ends the reading with an error.
final class CSVReader {
    /// Fills the buffer; 0 at the end.
    typealias Source = (UnsafeMutableRawBufferPointer) throws(CSVFileProblem) -> Int

    private let source: Source
    /// Fixed memory, so that a record read in place (`next`) stays valid until the next call.
    private let chunk: UnsafeMutablePointer<UInt8>
    private let chunkSize: Int
    private var position = 0
    private var filled = 0
    private var atEnd = false
    private let recordLimit: Int
    var delimiter: UInt8 = UInt8(ascii: ",")

    /// The current record's unescaped bytes (`count` of them, at most `recordLimit`), and each
    /// field's range in them. Memory of a fixed size: appends through a pointer need no checks.
    private let storage: UnsafeMutablePointer<UInt8>
    /// Where `fields` point: `storage`, or `chunk` for a record read in place.
    private var record: UnsafePointer<UInt8>
    private var count = 0
    private(set) var fields: [Range<Int>] = []
    /// No quote byte in the current record: then no field holds a delimiter, quote, CR or LF,
    /// and a writer may copy the fields without looking for bytes to escape.
    private(set) var isPlain = true
    /// The record was read where it lies in the file's bytes, its fields and delimiters as written.
    private(set) var inPlace = false
    /// The physical line (from 1) where the current record starts.
    private(set) var line = 0
    private var nextLine = 1

    init(source: @escaping Source, chunkSize: Int = 64 << 10, recordLimit: Int = 1 << 20) {
        self.source = source
        chunk = .allocate(capacity: chunkSize)
        self.chunkSize = chunkSize
        self.recordLimit = recordLimit
        storage = .allocate(capacity: recordLimit + 1)
        record = UnsafePointer(storage)
        fields.reserveCapacity(32)
    }

    deinit {
        storage.deallocate()
        chunk.deallocate()
        specialTable.deallocate()
    }

    /// Reads the first chunk, skips a BOM, and guesses the delimiter from the first line:
    /// the most frequent of `;`, `,` and TAB outside quotes (`,` when none occurs).
    func start(delimiter given: UInt8?) throws(CSVFileProblem) {
        try refill()
        if filled - position >= 3, chunk[position] == 0xEF, chunk[position + 1] == 0xBB, chunk[position + 2] == 0xBF { position += 3 }
        if let given { delimiter = given; return }
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for byte in UnsafeBufferPointer(start: chunk + position, count: filled - position) {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\t") { counts[byte, default: 0] += 1 }
        }
        delimiter = counts.max { $0.value < $1.value || $0.value == $1.value && $0.key != UInt8(ascii: ",") }?.key ?? UInt8(ascii: ",")
    }

    private func refill() throws(CSVFileProblem) {
        guard !atEnd else { return }
        position = 0
        let source = self.source
        filled = try source(UnsafeMutableRawBufferPointer(start: chunk, count: chunkSize))
        if filled == 0 { atEnd = true }
    }

    /// The next record into `bytes` and `fields`; false at the end of the file.
    func next() throws(CSVFileProblem) -> Bool {
        // The state lives in locals while bytes are scanned: a class's stored properties would
        // each cost an exclusivity check per byte.
        var fields: [Range<Int>] = []
        swap(&fields, &self.fields)
        var count = 0
        defer {
            swap(&fields, &self.fields)
            self.count = count
        }
        fields.removeAll(keepingCapacity: true)
        let storage = self.storage
        line = nextLine
        var nextLine = self.nextLine
        defer { self.nextLine = nextLine }
        let delimiter = self.delimiter, limit = recordLimit
        let special = specialBytes(delimiter)
        var fieldStart = 0
        var quoted = false
        // After a closing quote, inside a quoted field: a second quote is a literal quote.
        var quoteSeen = false
        // A record with no quote, CR or NUL that ends inside this chunk: its fields are ranges
        // of the chunk, read without a copy (1M-row benchmark: 0.325 → 0.280 s CPU, median of 12).
        // Anything else is read again by the loop below.
        if position < filled {
            let chunk = self.chunk, filled = self.filled, start = position
            var end = start, fieldStart = start
            while end < filled {
                let byte = chunk[end]
                if !special[Int(byte)] {
                    end += 1
                } else if byte == delimiter {
                    fields.append(fieldStart..<end)
                    end += 1
                    fieldStart = end
                } else {
                    break
                }
            }
            if end < filled, chunk[end] == UInt8(ascii: "\n"), end - start <= limit {
                fields.append(fieldStart..<end)
                position = end + 1
                nextLine += 1
                record = UnsafePointer(chunk)
                isPlain = true
                inPlace = true
                return true
            }
            fields.removeAll(keepingCapacity: true)
        }
        record = UnsafePointer(storage)
        inPlace = false
        var sawAnything = false
        var sawQuote = false
        defer { isPlain = !sawQuote }
        // The record's bytes in the chunks scanned before this one, its newline left out.
        var written = 0
        while true {
            if position == filled {
                try refill()
                if atEnd {
                    guard !quoted || quoteSeen else { throw .unclosedQuote(line: line) }
                    guard sawAnything else { return false }
                    fields.append(fieldStart..<count)
                    return true
                }
            }
            sawAnything = true
            // Scans this chunk; nil when it ends before the record does.
            let scanned: Result<Int, CSVFileProblem>? = { (chunk: UnsafeBufferPointer<UInt8>) in
                var position = self.position
                let filled = self.filled
                // The record's bytes as written up to `position` are `before + position`.
                let before = written - position
                while position < filled {
                    let byte = chunk[position]
                    position += 1
                    if byte == 0 { return .failure(.binary(line: nextLine)) }
                    if byte == UInt8(ascii: "\n") { nextLine += 1 }
                    if quoted {
                        if quoteSeen {
                            quoteSeen = false
                            if byte == UInt8(ascii: "\"") {
                                guard count < limit else { return .failure(.recordTooLong(line: line, limit: limit)) }
                                storage[count] = byte
                                count += 1
                                continue
                            }
                            quoted = false  // the field's closing quote; this byte is read as unquoted below
                        } else {
                            if byte == UInt8(ascii: "\"") {
                                quoteSeen = true
                            } else {
                                guard count < limit else { return .failure(.recordTooLong(line: line, limit: limit)) }
                                storage[count] = byte
                                count += 1
                            }
                            continue
                        }
                    }
                    // A plain byte of an unquoted field, and the run of plain bytes after it, copied at once.
                    if !special[Int(byte)] {
                        var end = position
                        while end < filled, !special[Int(chunk[end])] { end += 1 }
                        let run = end - position + 1
                        guard count + run <= limit else { return .failure(.recordTooLong(line: line, limit: limit)) }
                        (storage + count).update(from: chunk.baseAddress! + position - 1, count: run)
                        count += run
                        position = end
                        continue
                    }
                    switch byte {
                    case delimiter:
                        // Each field costs a range: counted here, where fields grow without bytes.
                        guard before + position <= limit else { return .failure(.recordTooLong(line: line, limit: limit)) }
                        fields.append(fieldStart..<count)
                        fieldStart = count
                    case UInt8(ascii: "\n"):
                        guard before + position - 1 <= limit else { return .failure(.recordTooLong(line: line, limit: limit)) }
                        fields.append(fieldStart..<count)
                        return .success(position)
                    case UInt8(ascii: "\r"):
                        continue  // of a CRLF
                    case UInt8(ascii: "\"") where count == fieldStart:
                        quoted = true
                        sawQuote = true
                    default:
                        if byte == UInt8(ascii: "\"") { sawQuote = true }
                        guard count < limit else { return .failure(.recordTooLong(line: line, limit: limit)) }
                        storage[count] = byte
                        count += 1
                    }
                }
                return nil
            }(UnsafeBufferPointer(start: chunk, count: chunkSize))
            switch scanned {
            case .success(let end)?:
                position = end
                return true
            case .failure(let problem)?:
                throw problem
            case nil:
                // Quotes and CRs store nothing: counted here, a chunk at a time.
                written += filled - position
                guard written <= limit else { throw .recordTooLong(line: line, limit: limit) }
                position = filled
            }
        }
    }

    /// The bytes that end a run of plain bytes outside quotes, for `specialDelimiter`: fixed
    /// memory, as an array handed out per record cost a retain and a release (1.6% of the
    /// 1M-row benchmark's samples).
    private let specialTable = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
    private var specialDelimiter: UInt8?

    private func specialBytes(_ delimiter: UInt8) -> UnsafeMutablePointer<Bool> {
        if specialDelimiter != delimiter {
            specialTable.initialize(repeating: false, count: 256)
            for byte in [delimiter, 0, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\"")] { specialTable[Int(byte)] = true }
            specialDelimiter = delimiter
        }
        return specialTable
    }

    /// Whether the record is one empty field: a blank line.
    var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }

    /// Runs `body` on a field's bytes.
    func withField<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let range = fields[index]
        return body(UnsafeBufferPointer(start: record + range.lowerBound, count: range.count))
    }

    /// With `inPlace`, the whole record as written (without its newline): the fields with
    /// their delimiters, to be copied at once.
    func withRecord<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let start = fields[0].lowerBound
        return body(UnsafeBufferPointer(start: record + start, count: fields[fields.count - 1].upperBound - start))
    }

    func text(_ index: Int) -> String { withField(index) { String(decoding: $0, as: UTF8.self) } }
}
