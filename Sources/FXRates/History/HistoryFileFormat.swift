/// A history on disk, laid out so that reading two currencies out of forty costs little:
///
///     {"schema":1,"source":"ecb","base":"EUR","complete":true,"fetchedAt":…,"checkedAt":…}
///     days,1999-01-04,1999-01-05,…
///     USD,1.1789,1.179,…
///     CYP,0.58231,…,,,          (empty: no rate that day)
///
/// The first line is a versioned JSON header; then one line of days and one line per currency,
/// values as the source published them. A reader splits only the lines it needs.
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
    }

    public struct DecodeError: Error, Sendable, Equatable {
        public let reason: String
        /// Set when a newer fx wrote the file (its schema is above this one's): not damage.
        public var newerSchema: Int? = nil
    }

    /// Only the header's version, for a header this fx cannot otherwise read.
    private struct SchemaProbe: Decodable { var schema: Int }

    /// The file for `entry`: the JSON header line, the days, then one line per currency.
    public static func encode(_ entry: CachedHistory) -> Data {
        let header = Header(
            schema: schema, source: entry.source, base: entry.history.base.rawValue,
            complete: entry.complete, fetchedAt: entry.fetchedAt, checkedAt: entry.checkedAt,
            currencies: entry.history.columns.count)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        var text = String(decoding: (try? encoder.encode(header)) ?? Data(), as: UTF8.self) + "\n"
        text += "days," + entry.history.days.map(\.description).joined(separator: ",") + "\n"
        for code in entry.history.columns.keys.sorted() {
            text += code.rawValue + ","
            text += entry.history.columns[code]!.map { $0.map { DecimalFormat.plain($0) } ?? "" }.joined(separator: ",") + "\n"
        }
        return Data(text.utf8)
    }

    /// Reads the header and days, and the columns of `currencies` (every column when nil).
    public static func decode(_ data: Data, currencies: Set<CurrencyCode>?) throws(DecodeError) -> CachedHistory {
        let result: Result<CachedHistory, DecodeError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lines = LineScanner(bytes)
            guard let headerLine = lines.next() else { return .failure(DecodeError(reason: "the file is empty")) }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let headerData = Data(UnsafeBufferPointer(rebasing: headerLine))
            guard let header = try? decoder.decode(Header.self, from: headerData), header.schema == schema else {
                // A newer fx may have changed the header too: its version alone decides.
                guard let version = (try? decoder.decode(SchemaProbe.self, from: headerData))?.schema else {
                    return .failure(DecodeError(reason: "the header is not fx history JSON"))
                }
                if version > schema {
                    return .failure(DecodeError(reason: "schema \(version) is newer than \(schema)", newerSchema: version))
                }
                return .failure(
                    DecodeError(
                        reason: version == schema
                            ? "the header is not fx history JSON"
                            : "schema \(version) is not the supported \(schema)"))
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
                guard let column = parseColumn(UnsafeBufferPointer(rebasing: line[(comma + 1)...])), column.count == days.count else {
                    return .failure(DecodeError(reason: "the \(code) line is damaged"))
                }
                columns[code] = column
            }
            guard lineCount == header.currencies else { return .failure(DecodeError(reason: "the file is truncated")) }
            let history = RateHistory(base: base, days: days, columns: columns)
            return .success(
                CachedHistory(
                    source: header.source, history: history, complete: header.complete,
                    fetchedAt: header.fetchedAt, checkedAt: header.checkedAt))
        }
        return try result.get()
    }

    private static func parseDays(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> [Day]? {
        let prefix = Array("days,".utf8)
        guard line.count >= prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        var days: [Day] = []
        var previous: Day?
        if line.count == prefix.count { return days }
        for field in UnsafeBufferPointer(rebasing: line.dropFirst(prefix.count)).split(
            separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        {
            guard let day = Day(isoBytes: field), previous.map({ $0 < day }) ?? true else { return nil }
            days.append(day)
            previous = day
        }
        return days
    }

    private static func parseColumn(_ line: UnsafeBufferPointer<UInt8>) -> [Decimal?]? {
        var column: [Decimal?] = []
        for field in line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            if field.isEmpty { column.append(nil); continue }
            guard let rate = Decimal(rateBytes: UnsafeBufferPointer(rebasing: field)), rate > 0 else { return nil }
            column.append(rate)
        }
        return column
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
