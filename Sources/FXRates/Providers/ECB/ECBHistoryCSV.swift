/// Parses the ECB's history CSV (`eurofxref-hist.csv`, the content of `eurofxref-hist.zip`):
/// a header `Date,USD,JPY,…,` with a trailing comma, then one row per working day, newest first,
/// `N/A` where a currency had no rate that day.
public enum ECBHistoryCSV {
    /// Tables oldest first; `newestRows` stops after that many data rows (the file is newest first).
    public static func parse(_ text: String, newestRows: Int? = nil) throws(FetchFailure) -> [RateTable] {
        // Line by line as read: the built-in snapshot's newest row (`newestRows: 1`, what a first
        // run answers from) must not split all of its 150 KB into lines first.
        var lines = Lines(rest: Substring(text))
        guard let header = lines.next() else { throw .emptyBody }
        let columns = header.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmedOfWhitespace }
        guard columns.first == "Date" else { throw .malformed("the first column is not Date") }
        var codes: [CurrencyCode?] = [nil]
        for column in columns.dropFirst() {
            if column.isEmpty { codes.append(nil); continue }
            guard let code = CurrencyCode(column) else { throw .invalidCurrency(column) }
            codes.append(code)
        }
        var tables: [RateTable] = []
        var seen = Set<Day>()
        while let line = lines.next() {
            if let newestRows, tables.count >= newestRows { break }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let first = fields.first, let day = Day(iso: first.trimmedOfWhitespace) else { throw .missingDate }
            guard seen.insert(day).inserted else { throw .duplicateDate(day) }
            var rates: [CurrencyCode: Decimal] = [:]
            for (index, field) in fields.enumerated().dropFirst() {
                let text = field.trimmedOfWhitespace
                if text.isEmpty || text == "N/A" { continue }
                guard index < codes.count, let code = codes[index] else { throw .malformed("more fields than columns on \(day)") }
                guard let rate = Decimal(exactly: text), rate > 0 else { throw .invalidRate(currency: code.rawValue, value: text) }
                rates[code] = rate
            }
            tables.append(RateTable(base: .eur, date: day, rates: rates))
        }
        guard !tables.isEmpty else { throw .noRates }
        return tables.sorted { $0.date < $1.date }
    }
}

extension ECBHistoryCSV {
    /// The non-empty lines of a text, found as they are asked for.
    struct Lines: IteratorProtocol {
        var rest: Substring

        mutating func next() -> Substring? {
            while !rest.isEmpty {
                let end = rest.utf8.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? rest.endIndex
                let line = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[rest.utf8.index(after: end)...]
                if !line.isEmpty { return line }
            }
            return nil
        }
    }

    /// The same file read straight into columns, on bytes: the full history has about 300,000
    /// values, and going through a table per day would multiply the work.
    public static func history(_ data: Data) throws(FetchFailure) -> RateHistory {
        let result: Result<RateHistory, FetchFailure> = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var lines = LineScanner(raw.bindMemory(to: UInt8.self))
            guard let header = lines.next() else { return .failure(.emptyBody) }
            let names = UnsafeBufferPointer(rebasing: header).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                .map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self).trimmedOfWhitespace }
            guard names.first == "Date" else { return .failure(.malformed("the first column is not Date")) }
            var codes: [CurrencyCode?] = []
            for name in names.dropFirst() {
                if name.isEmpty { codes.append(nil); continue }
                guard let code = CurrencyCode(name), code != .eur else { return .failure(.invalidCurrency(name)) }
                guard !codes.contains(code) else { return .failure(.duplicateCurrency(name, Day(ordinal: 0))) }
                codes.append(code)
            }
            var days: [Day] = []
            var values: [[Decimal?]] = codes.map { _ in [] }
            while let line = lines.next() {
                var fields = UnsafeBufferPointer(rebasing: line).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)[...]
                if fields.count == 1, fields[fields.startIndex].allSatisfy({ $0 == 13 || $0 == 32 }) { continue }  // blank line
                guard let dateField = fields.popFirst(), let day = Day(isoBytes: trimmed(dateField)) else { return .failure(.missingDate) }
                guard fields.count <= codes.count else { return .failure(.malformed("more fields than columns on \(day)")) }
                days.append(day)
                for column in codes.indices {
                    let index = fields.startIndex + column
                    let field =
                        index < fields.endIndex
                        ? trimmed(fields[index]) : Slice(base: UnsafeBufferPointer<UInt8>(start: nil, count: 0), bounds: 0..<0)
                    if field.isEmpty || field.elementsEqual("N/A".utf8) { values[column].append(nil); continue }
                    guard codes[column] != nil else { return .failure(.malformed("a value under no currency on \(day)")) }
                    guard let rate = Decimal(rateBytes: UnsafeBufferPointer(rebasing: field)), rate > 0 else {
                        return .failure(
                            .invalidRate(
                                currency: codes[column]!.rawValue,
                                value: String(decoding: UnsafeBufferPointer(rebasing: field), as: UTF8.self)))
                    }
                    values[column].append(rate)
                }
            }
            guard !days.isEmpty else { return .failure(.noRates) }
            // The file is newest first; keep whatever order it has honest by sorting once.
            let order = days.indices.sorted { days[$0] < days[$1] }
            let sortedDays = order.map { days[$0] }
            for (previous, next) in zip(sortedDays, sortedDays.dropFirst()) where previous == next {
                return .failure(.duplicateDate(next))
            }
            var columns: [CurrencyCode: [Decimal?]] = [:]
            for (column, code) in codes.enumerated() {
                guard let code, values[column].contains(where: { $0 != nil }) else { continue }
                columns[code] = order.map { values[column][$0] }
            }
            return .success(RateHistory(base: .eur, days: sortedDays, columns: columns))
        }
        return try result.get()
    }

    private static func trimmed(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var field = field
        while let first = field.first, first == 32 || first == 13 { field = field.dropFirst() }
        while let last = field.last, last == 32 || last == 13 { field = field.dropLast() }
        return field
    }
}
