import FXTestSupport
import Foundation

/// A calculator line for the exact oracle: its text, and the same line in structured form.
struct OracleCase: Sendable {
    var expression: OracleExpression
    /// `in <target>`; nil: the first currency written.
    var target: String?
    var fee: (percent: String, deducted: Bool)?
    /// An ECB publication day (`on …`); nil: the latest rates, which fx has built in.
    var date: String?
    var datePrefix = false

    var line: String {
        var words = [expression.text]
        if let target { words.append("in \(target.lowercased())") }
        if let fee { words.append("\(fee.deducted ? "-" : "+") \(fee.percent)% fee") }
        if let date { if datePrefix { words.insert("on \(date)", at: 0) } else { words.append("on \(date)") } }
        return words.joined(separator: " ")
    }

    /// The oracle's input, with fx's answer.
    func record(result: String, currency: String) -> [String: Any] {
        var record: [String: Any] = ["line": line, "expression": expression.tree, "result": result, "currency": currency]
        record["target"] = target ?? NSNull()
        record["date"] = date ?? NSNull()
        record["fee"] = fee.map { ["percent": $0.percent, "deducted": $0.deducted] as [String: Any] } ?? NSNull()
        return record
    }
}

/// The ECB's days from the history fixture: each day's rates as written, per EUR.
struct ECBDays {
    let days: [(day: String, rates: [String: String])]

    init(csv: Data = ecbFullHistoryCSV) {
        let rows = String(decoding: csv, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let header = rows[0].map(String.init)
        days = rows.dropFirst().map { row in
            var rates = ["EUR": "1"]
            for (code, cell) in zip(header.dropFirst(), row.dropFirst()) where !code.isEmpty && cell != "N/A" && !cell.isEmpty {
                rates[code] = String(cell)
            }
            return (String(row[0]), rates)
        }
    }

    /// The newest day, whose rates fx has built in.
    var latest: (day: String, rates: [String: String]) { days.max { $0.day < $1.day }! }
}
