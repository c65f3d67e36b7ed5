import Foundation

/// Parses the ECB's history CSV (`eurofxref-hist.csv`, the content of `eurofxref-hist.zip`):
/// a header `Date,USD,JPY,…,` with a trailing comma, then one row per working day, newest first,
/// `N/A` where a currency had no rate that day.
public enum ECBHistoryCSV {
    /// Tables oldest first; `newestRows` stops after that many data rows (the file is newest first).
    public static func parse(_ text: String, newestRows: Int? = nil) throws(FetchFailure) -> [RateTable] {
        var lines = text.split(whereSeparator: \.isNewline).makeIterator()
        guard let header = lines.next() else { throw .emptyBody }
        let columns = header.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
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
            guard let first = fields.first, let day = Day(iso: first.trimmingCharacters(in: .whitespaces)) else { throw .missingDate }
            guard seen.insert(day).inserted else { throw .duplicateDate(day) }
            var rates: [CurrencyCode: Decimal] = [:]
            for (index, field) in fields.enumerated().dropFirst() {
                let text = field.trimmingCharacters(in: .whitespaces)
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
