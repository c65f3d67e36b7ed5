/// One dated table of the ECB's XML as text: the day (ISO) and each currency's rate as written.
/// fx reads the numbers (exactly, as Decimal); here they are only checked.
public struct ECBTable: Equatable, Sendable {
    public var day: String
    public var rates: [(code: String, rate: String)]

    public static func == (lhs: ECBTable, rhs: ECBTable) -> Bool {
        lhs.day == rhs.day && lhs.rates.map(\.code) == rhs.rates.map(\.code) && lhs.rates.map(\.rate) == rhs.rates.map(\.rate)
    }

    /// `Date,USD,JPY,…` then a row per table, newest first, as the ECB writes its history; a
    /// currency a table lacks is `N/A` there. `tables` are oldest first.
    public static func csv(_ tables: [ECBTable]) -> [UInt8] {
        var codes: [String] = []
        var seen = Set<String>()
        for table in tables { for (code, _) in table.rates where seen.insert(code).inserted { codes.append(code) } }
        codes.sort()
        var text = "Date," + codes.joined(separator: ",") + "\n"
        for table in tables.reversed() {
            var rates: [String: String] = [:]
            for (code, rate) in table.rates { rates[code] = rate }
            text += table.day
            for code in codes { text += "," + (rates[code] ?? "N/A") }
            text += "\n"
        }
        return Array(text.utf8)
    }
}

/// The checks the ECB's figures pass, as fx's `Day(iso:)`, `CurrencyCode` and `Decimal(exactly:)` read them.
enum ECBText {
    /// `YYYY-MM-DD`, a day that exists.
    static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Int(String(decoding: bytes[0..<4], as: UTF8.self)), let month = Int(String(decoding: bytes[5..<7], as: UTF8.self)),
            let day = Int(String(decoding: bytes[8..<10], as: UTF8.self)),
            bytes.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) })
        else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// Three ASCII letters, upper-cased; nil for anything else.
    static func code(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ $0 < 128 && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return nil }
        return String(decoding: bytes.map { $0 & 0xDF }, as: UTF8.self)
    }

    /// A positive decimal numeral (`1.1172`, `.5`, `+2`), written plainly (`0.5`, `2`); nil for
    /// zero, a negative, an exponent or anything else.
    static func positiveRate(_ text: String) -> String? {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "-") {
            return nil
        }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(point ?? bytes.endIndex)], fraction = point.map { bytes[bytes.index(after: $0)...] } ?? []
        let isDigit: (UInt8) -> Bool = { $0 >= 48 && $0 <= 57 }
        guard whole.count + fraction.count > 0, whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
            (whole + fraction).contains(where: { $0 != UInt8(ascii: "0") })
        else { return nil }
        let significant = (whole.drop { $0 == UInt8(ascii: "0") } + fraction).count
        guard significant <= 38, fraction.count <= 127 else { return nil }
        let integer = whole.drop { $0 == UInt8(ascii: "0") }
        return (integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self))
            + (fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self))
    }
}
