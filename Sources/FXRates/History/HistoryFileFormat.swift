/// A history on disk, laid out so that reading two currencies out of forty costs little:
///
///     {"schema":1,"source":"ecb","base":"EUR","complete":true,"fetchedAt":…,"checkedAt":…}
///     days,1999-01-04,1999-01-05,…
///     USD,1.1789,1.179,…
///     CYP,0.58231,…,,,          (empty: no rate that day)
///
/// The first line is a versioned JSON header; then one line of days and one line per currency,
/// values as the source published them. The header's `index` says where each currency's line
/// starts, so a reader takes (pread) the days and the lines it needs and no others: a dated
/// question reads 0.2 MiB of the ECB's 1.7 MiB history instead of all of it. Files written before
/// the index are read whole.
public enum HistoryFileFormat {
    public static let schema = 1

    struct Header: Codable {
        var schema: Int
        var source: SourceID
        var base: String
        var complete: Bool
        var fetchedAt: Date
        var checkedAt: Date
        /// How many currency lines follow: a file cut at a line boundary is caught although
        /// a reader skips the lines it does not need.
        var currencies: Int
        /// Where each currency's line starts, in bytes after the header line, and how many bytes
        /// follow the header line. Absent from files of an fx before them, which are read whole.
        var index: [String: Int]?
        var length: Int?
        /// `CachedHistory.asked`, each span as `first/last`; absent for a history asked whole.
        var asked: [String: String]?
        /// `CachedHistory.askedWhole` as `first/last`; absent when no whole table was asked (an
        /// older fx skips it, and only asks a whole table once more).
        var whole: String?

        var askedSpans: [CurrencyCode: ClosedRange<Day>]? {
            get throws(DecodeError) {
                guard let asked else { return nil }
                var spans: [CurrencyCode: ClosedRange<Day>] = [:]
                for (key, text) in asked {
                    guard let code = CurrencyCode(key), let span = Self.span(text) else {
                        throw DecodeError(reason: "a damaged asked span")
                    }
                    spans[code] = span
                }
                return spans
            }
        }

        var wholeSpan: ClosedRange<Day>? {
            get throws(DecodeError) {
                guard let whole else { return nil }
                guard let span = Self.span(whole) else { throw DecodeError(reason: "a damaged asked span") }
                return span
            }
        }

        /// `2024-03-01/2026-11-27`.
        static func span(_ text: String) -> ClosedRange<Day>? {
            let ends = text.split(separator: "/")
            guard ends.count == 2, let first = Day(iso: String(ends[0])), let last = Day(iso: String(ends[1])), first <= last else {
                return nil
            }
            return first...last
        }
    }

    public struct DecodeError: Error, Sendable, Equatable {
        public let reason: String
        /// Set when a newer fx wrote the file (its schema is above this one's): not damage.
        public var newerSchema: Int? = nil
    }

    /// The file for `entry`: the JSON header line, the days, then one line per currency.
    public static func encode(_ entry: CachedHistory) -> Data {
        var body = Data("days,\(entry.history.days.map(\.description).joined(separator: ","))\n".utf8)
        var index: [String: Int] = [:]
        for code in entry.history.columns.keys.sorted() {
            index[code.rawValue] = body.count
            let values = entry.history.columns[code]!.map { $0.map { DecimalFormat.plain($0) } ?? "" }
            body.append(contentsOf: "\(code.rawValue),\(values.joined(separator: ","))\n".utf8)
        }
        let header = Header(
            schema: schema, source: entry.source, base: entry.history.base.rawValue,
            complete: entry.complete, fetchedAt: entry.fetchedAt, checkedAt: entry.checkedAt,
            currencies: entry.history.columns.count, index: index, length: body.count,
            asked: entry.asked.map { spans in
                Dictionary(uniqueKeysWithValues: spans.map { ($0.key.rawValue, "\($0.value.lowerBound)/\($0.value.upperBound)") })
            }, whole: entry.askedWhole.map { "\($0.lowerBound)/\($0.upperBound)" })
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(header)) ?? Data()) + Data("\n".utf8) + body
    }

    /// The header and days and the columns of `currencies`, taken from `file` by its index; nil
    /// when the file has no index or anything about it is not as the index says (it was cut,
    /// grown or damaged), for the caller to read it whole, which judges it (`decode`).
    public static func decodeIndexed(_ file: FilePieces, currencies: Set<CurrencyCode>) -> CachedHistory? {
        guard let head = file.bytes(0..<min(file.size, 64 << 10)), let newline = head.firstIndex(of: UInt8(ascii: "\n")) else {
            return nil
        }
        guard let header = try? Header.scan(head[..<newline]), let asked = readableAsked(header), let whole = readableWhole(header),
            let index = header.index, let length = header.length, index.count == header.currencies,
            newline + 1 + length == file.size, let base = CurrencyCode(header.base)
        else { return nil }
        let bodyStart = newline + 1
        let starts = index.values.sorted()
        /// The line that starts at `offset` (after the header), its newline included.
        func line(from offset: Int) -> Data? {
            let end = starts.first { $0 > offset } ?? length
            guard offset < end, let bytes = file.bytes(bodyStart + offset..<bodyStart + end), bytes.last == UInt8(ascii: "\n") else {
                return nil
            }
            return bytes
        }
        guard !index.values.contains(0), let dayLine = line(from: 0) else { return nil }
        guard let days = dayLine.withUnsafeBytes({ raw in parseDays(raw.bindMemory(to: UInt8.self).dropLast()) }) else { return nil }
        var columns: [CurrencyCode: [Decimal?]] = [:]
        for code in currencies {
            guard let offset = index[code.rawValue] else { continue }
            guard let bytes = line(from: offset) else { return nil }
            let column: [Decimal?]? = bytes.withUnsafeBytes { raw in
                let line = raw.bindMemory(to: UInt8.self)
                let prefix = Array("\(code.rawValue),".utf8)
                guard line.starts(with: prefix) else { return nil }
                return parseColumn(UnsafeBufferPointer(rebasing: line[prefix.count..<line.count - 1]), expecting: days.count)
            }
            guard let column else { return nil }
            columns[code] = column
        }
        return CachedHistory(
            source: header.source, history: RateHistory(base: base, days: days, columns: columns), complete: header.complete,
            fetchedAt: header.fetchedAt, checkedAt: header.checkedAt, asked: asked, askedWhole: whole)
    }

    /// The header's asked spans (an inner nil when it has none); nil when they are damaged.
    private static func readableAsked(_ header: Header) -> [CurrencyCode: ClosedRange<Day>]?? {
        do { return .some(try header.askedSpans) } catch { return nil }
    }

    /// The header's whole-table span (an inner nil when it has none); nil when it is damaged.
    private static func readableWhole(_ header: Header) -> ClosedRange<Day>?? {
        do { return .some(try header.wholeSpan) } catch { return nil }
    }

    /// Reads the header and days, and the columns of `currencies` (every column when nil).
    public static func decode(_ data: Data, currencies: Set<CurrencyCode>?) throws(DecodeError) -> CachedHistory {
        let result: Result<CachedHistory, DecodeError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lines = LineScanner(bytes)
            guard let headerLine = lines.next() else { return .failure(DecodeError(reason: "the file is empty")) }
            let header: Header
            let asked: [CurrencyCode: ClosedRange<Day>]?
            let whole: ClosedRange<Day>?
            do throws(DecodeError) {
                header = try Header.scan(Data(UnsafeBufferPointer(rebasing: headerLine)))
                asked = try header.askedSpans
                whole = try header.wholeSpan
            } catch {
                return .failure(error)
            }
            // Every line ends with a newline, the last one too: without it, the file was cut short
            // (perhaps within a value, which would still parse, or before lines a reader skips).
            guard bytes.last == UInt8(ascii: "\n") else { return .failure(DecodeError(reason: "the file is truncated")) }
            guard let base = CurrencyCode(header.base) else {
                return .failure(DecodeError(reason: "invalid base \(header.base.shownFromFile)"))
            }
            guard let dayLine = lines.next(), let days = parseDays(dayLine) else {
                return .failure(DecodeError(reason: "the line of days is missing or damaged"))
            }
            var columns: [CurrencyCode: [Decimal?]] = [:]
            var lineCount = 0
            while let line = lines.next() {
                lineCount += 1
                guard let comma = line.firstIndex(of: UInt8(ascii: ",")),
                    let code = CurrencyCode(String(decoding: UnsafeBufferPointer(rebasing: line[..<comma]), as: UTF8.self))
                else {
                    return .failure(DecodeError(reason: "a damaged currency line"))
                }
                if let currencies, !currencies.contains(code) { continue }
                guard let column = parseColumn(UnsafeBufferPointer(rebasing: line[(comma + 1)...]), expecting: days.count) else {
                    return .failure(DecodeError(reason: "the \(code) line is damaged"))
                }
                columns[code] = column
            }
            guard lineCount == header.currencies else { return .failure(DecodeError(reason: "the file is truncated")) }
            let history = RateHistory(base: base, days: days, columns: columns)
            return .success(
                CachedHistory(
                    source: header.source, history: history, complete: header.complete,
                    fetchedAt: header.fetchedAt, checkedAt: header.checkedAt, asked: asked, askedWhole: whole))
        }
        return try result.get()
    }

    private static func parseDays(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> [Day]? {
        let prefix = Array("days,".utf8)
        guard line.count >= prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        var days: [Day] = []
        if line.count == prefix.count { return days }
        // Each day takes 11 bytes with its comma: room for all at once, not a copy per doubling.
        days.reserveCapacity((line.count - prefix.count + 1) / 11)
        var previous: Day?
        let complete = forEachField(UnsafeBufferPointer(rebasing: line.dropFirst(prefix.count))) { field in
            guard let day = Day(isoBytes: field[...]), previous.map({ $0 < day }) ?? true else { return false }
            days.append(day)
            previous = day
            return true
        }
        return complete ? days : nil
    }

    /// A currency's values, one per day: nil unless there are `count` and each reads.
    private static func parseColumn(_ line: UnsafeBufferPointer<UInt8>, expecting count: Int) -> [Decimal?]? {
        var column: [Decimal?] = []
        column.reserveCapacity(count)
        let complete = forEachField(line) { field in
            if field.isEmpty { column.append(nil); return true }
            // The fast path reads up to 19 digits; a row fx wrote with more (a metal's rate inverted
            // from its gold-based row) is read exactly: the file reads back whatever `encode` writes.
            guard let rate = Decimal(rateBytes: field) ?? Decimal(exactly: String(decoding: field, as: UTF8.self)), rate > 0 else {
                return false
            }
            column.append(rate)
            return true
        }
        return complete && column.count == count ? column : nil
    }

    /// Calls `body` with each comma-separated field of `line` (without splitting it into an array
    /// first: 7,000 slices per line cost more than the parsing); false when `body` refuses one.
    private static func forEachField(_ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var start = 0
        for position in 0...line.count where position == line.count || line[position] == UInt8(ascii: ",") {
            guard body(UnsafeBufferPointer(rebasing: line[start..<position])) else { return false }
            start = position + 1
        }
        return true
    }
}

/// Lines of a byte buffer, without copying.
struct LineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard position < bytes.count else { return nil }
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        let line = bytes[start..<position]
        position += 1
        return line
    }
}

extension Day {
    /// `YYYY-MM-DD` from raw bytes, without building a String.
    init?(isoBytes bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        guard bytes.count == 10 else { return nil }
        let base = bytes.startIndex
        guard bytes[base + 4] == UInt8(ascii: "-"), bytes[base + 7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for offset in range {
                let byte = bytes[base + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }
}
