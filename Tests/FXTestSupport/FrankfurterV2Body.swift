import Foundation
import FXRates

/// Frankfurter v2 bodies made from rates fx already holds, written as the server writes them
/// (compact rows, numbers as published): for loopback servers and decoder tests.
public enum FrankfurterV2Body {
    /// `GET /v2/rates?base=EUR&expand=providers`: one row per quote, sorted by quote, each listing
    /// `institutions` (all with the row's rate and date), then the identity row; pegged rows list none.
    /// `institutionsOf` names a row's own institutions where they differ.
    public static func latest(
        _ table: RateTable, institutions: [String] = ["ECB"], institutionsOf: [String: [String]] = [:], pegged: Set<String> = []
    ) -> String {
        var rows = table.rates.sorted { $0.key < $1.key }.map { code, rate in
            let day = table.date(of: code)
            var row = #"{"date":"\#(day)","base":"\#(table.base)","quote":"\#(code)","rate":\#(rate)"#
            if !pegged.contains(code.rawValue) {
                let listed = (institutionsOf[code.rawValue] ?? institutions).map { #"{"key":"\#($0)","date":"\#(day)","rate":\#(rate)}"# }
                    .joined(separator: ",")
                row += #","providers":[\#(listed)]"#
            }
            return row + "}"
        }
        rows.append(#"{"date":"\#(table.date)","base":"\#(table.base)","quote":"\#(table.base)","rate":1.0}"#)
        return "[" + rows.joined(separator: ",") + "]"
    }

    /// `GET /v2/rates?from=…` with `Accept: application/x-ndjson`: rows by date, then quote, one a line.
    public static func ndjson(_ history: RateHistory) -> String {
        var text = ""
        let codes = history.columns.keys.sorted()
        for (index, day) in history.days.enumerated() {
            for code in codes {
                guard let rate = history.columns[code]?[index] else { continue }
                text += #"{"date":"\#(day)","base":"\#(history.base)","quote":"\#(code)","rate":\#(rate)}"# + "\n"
            }
        }
        return text
    }
}
