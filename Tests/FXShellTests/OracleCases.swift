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
    /// Written as people write it (issue 24): currencies by name where one means only that
    /// currency, the day in words (`on 1 march 2024`). The oracle still reads the tree.
    var spelled = false

    var line: String {
        var words = [spelled ? Self.spell(expression.text) : expression.text]
        if let target { words.append("in \(spelled ? Self.name(target) : target.lowercased())") }
        if let fee { words.append("\(fee.deducted ? "-" : "+") \(fee.percent)% fee") }
        if let date {
            let day = spelled ? Self.written(date) : date
            if datePrefix { words.insert("on \(day)", at: 0) } else { words.append("on \(day)") }
        }
        return words.joined(separator: " ")
    }

    /// Names that mean one currency only (ISO's own, a plural, or a common name).
    static let names = [
        "EUR": "euros", "JPY": "yen", "CHF": "swiss francs", "GBP": "pounds sterling", "USD": "us dollars", "CAD": "canadian dollars",
        "AUD": "australian dollars", "NOK": "norwegian krone", "SEK": "swedish krona", "PLN": "zloty", "CZK": "czech koruna",
        "HUF": "forint", "CNY": "yuan renminbi",
    ]
    static func name(_ code: String) -> String { names[code] ?? code.lowercased() }

    /// `100 usd + 5 eur` → `100 us dollars + 5 euros`.
    static func spell(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "()"))
            guard bare.count == 3, let spelled = names[bare.uppercased()], bare == bare.lowercased() else { return String(word) }
            return word.replacingOccurrences(of: bare, with: spelled)
        }.joined(separator: " ")
    }

    /// `2024-03-01` → `1 march 2024`.
    static func written(_ iso: String) -> String {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        let months = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        ]
        return "\(parts[2]) \(months[parts[1] - 1]) \(parts[0])"
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
