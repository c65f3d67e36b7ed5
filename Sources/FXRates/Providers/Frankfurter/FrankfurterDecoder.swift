/// Decodes Frankfurter v2's rows, `{"date":"2026-10-30","base":"EUR","quote":"USD","rate":1.1172}`:
/// a JSON array for the latest rates and a date, NDJSON (one row a line) for ranges. Every row
/// carries its own date; with `expand=providers` it also lists the institutions that made it.
///
/// A small tokenizer rather than JSONDecoder: JSONDecoder silently keeps one of two duplicate
/// keys and silently rounds numbers beyond Decimal's 38 digits, and on older Darwin Foundation
/// it decodes Decimal through Double. Here each rate's own text goes to `Decimal(exactly:)`.
/// Unknown fields are skipped (v2 adds fields often) and field order is never relied on.
public enum FrankfurterDecoder {
    /// One row: `rate` units of `quote` per one of the base, observed on `day`; `contributors` the
    /// institutions not excluded from it when asked with `expand=providers` (nil otherwise).
    struct Row {
        var day: Day
        var quote: CurrencyCode
        var rate: Decimal
        var contributors: [String]?
        /// The published digits as an integer (0.000253 → 253), for the precision check.
        var significand: Int?
    }

    /// `/v2/rates` latest (a JSON array): one table dated by its newest row, each older row's own
    /// date kept in `rowDates`, and the contributors of each row when the body lists them (a row
    /// without them under `expand=providers` was set by a peg).
    public static func latest(_ data: Data, base: CurrencyCode, expanded: Bool = false) throws(FetchFailure) -> RateTable {
        var rows: [Row] = []
        var reader = Reader(base: base)
        var json = JSONScanner<FetchFailure>(data)
        try json.elements { json throws(FetchFailure) in
            if let row = try reader.row(&json) { rows.append(row) }
        }
        try json.end()
        guard let newest = rows.map(\.day).max() else { throw .noRates }
        var rates = [CurrencyCode: Decimal](minimumCapacity: rows.count)
        var rowDates: [CurrencyCode: Day] = [:], contributors: [CurrencyCode: [String]] = [:], coarse: [CurrencyCode: Int] = [:]
        for row in rows {
            guard rates.updateValue(row.rate, forKey: row.quote) == nil else { throw .duplicateCurrency(row.quote.rawValue, row.day) }
            if row.day != newest { rowDates[row.quote] = row.day }
            if expanded { contributors[row.quote] = row.contributors ?? [] }
            // The blend rounds small rates to 6 decimals (EUR→XAU 0.000253): fewer digits are said as such.
            if let significand = row.significand, RatePrecision.digits(significand) < RatePrecision.enough {
                coarse[row.quote] = significand
            }
        }
        return RateTable(
            base: base, date: newest, rates: rates, coarse: coarse, rowDates: rowDates, contributors: contributors)
    }

    /// A range: NDJSON rows sorted by date (a JSON array is read too), as columns. The server
    /// streams it and ends the body early on an error after its 200: a last line without its
    /// newline, or a row cut short, refuses the whole body, never a shorter history. Rows after
    /// `latest`, rows out of date order and a quote twice on a day are refused too.
    public static func history(_ data: Data, base: CurrencyCode, latest: Day) throws(FetchFailure) -> RateHistory {
        var reader = Reader(base: base)
        var json = JSONScanner<FetchFailure>(data)
        var days: [Day] = []
        var cells: [(day: Int, quote: CurrencyCode, rate: Decimal)] = []
        var onDay = Set<CurrencyCode>()
        func take(_ row: Row) throws(FetchFailure) {
            guard row.day <= latest else { throw .futureDate(row.day) }
            if let last = days.last, row.day < last { throw .malformed("rows out of date order at \(row.day)") }
            if days.last != row.day {
                days.append(row.day)
                onDay.removeAll(keepingCapacity: true)
            }
            guard onDay.insert(row.quote).inserted else { throw .duplicateCurrency(row.quote.rawValue, row.day) }
            cells.append((days.count - 1, row.quote, row.rate))
        }
        if data.first(where: { !Self.isSpace($0) }) == UInt8(ascii: "[") {
            try json.elements { json throws(FetchFailure) in if let row = try reader.row(&json) { try take(row) } }
            try json.end()
        } else {
            guard data.isEmpty || data.last == UInt8(ascii: "\n") else { throw .malformed("the stream ends inside a row") }
            while !json.atEnd() {
                try json.members { json, key throws(FetchFailure) in try reader.member(&json, key) }
                if let row = try reader.finish() { try take(row) }
            }
        }
        guard !days.isEmpty else { throw .noRates }
        var columns: [CurrencyCode: [Decimal?]] = [:]
        for cell in cells {
            columns[cell.quote, default: Array(repeating: nil, count: days.count)][cell.day] = cell.rate
        }
        return RateHistory(base: base, days: days, columns: columns)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The `message` of an error body such as `{"status":422,"message":"invalid currency: XXX"}`,
    /// made safe to print; nil when the body is empty or not of that shape.
    public static func errorMessage(_ data: Data) -> String? {
        var json = JSONScanner<FetchFailure>(data)
        var message: String?
        do {
            try json.members { json, key throws(FetchFailure) in
                if key == "message", message == nil { message = try json.string() } else { try json.skipValue() }
            }
            try json.end()
        } catch { return nil }
        return message.map(ProviderText.clean).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads rows one member at a time, remembering each code and date text once (a range repeats
    /// the same few hundred), and checks each row whole.
    struct Reader {
        let base: CurrencyCode
        private var codes: [String: CurrencyCode] = [:]
        private var dates: [String: Day] = [:]
        private var day: Day?, quote: CurrencyCode?, rateText: String?, contributors: [String]?
        private var sawBase = false, seen: UInt8 = 0

        init(base: CurrencyCode) { self.base = base }

        /// One whole row object; nil for the identity row (the base against itself, rate 1).
        mutating func row(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> Row? {
            try json.members { json, key throws(FetchFailure) in try member(&json, key) }
            return try finish()
        }

        mutating func member(_ json: inout JSONScanner<FetchFailure>, _ key: String) throws(FetchFailure) {
            let bit: UInt8
            switch key {
            case "date":
                bit = 1
                let text = try json.string()
                guard let parsed = dates[text] ?? Day(iso: text) else { throw .malformed("'\(ProviderText.clean(text))' is not a date") }
                dates[text] = parsed
                day = parsed
            case "base":
                bit = 2
                _ = try json.base(expected: base)
                sawBase = true
            case "quote":
                bit = 4
                let text = try json.string()
                guard let code = codes[text] ?? CurrencyCode(text) else { throw .invalidCurrency(ProviderText.clean(text)) }
                codes[text] = code
                quote = code
            case "rate":
                bit = 8
                rateText = try json.atNumber() ? try json.number() : "\u{0}" + (try json.rawValue())
            case "providers":
                bit = 16
                contributors = try Self.institutions(&json)
            default:
                try json.skipValue()
                return
            }
            guard seen & bit == 0 else { throw .malformed("duplicate key '\(key)'") }
            seen |= bit
        }

        /// The row just read, checked; the reader is then ready for the next one.
        mutating func finish() throws(FetchFailure) -> Row? {
            defer { (day, quote, rateText, contributors, sawBase, seen) = (nil, nil, nil, nil, false, 0) }
            guard let day else { throw .missingDate }
            guard sawBase else { throw .malformed("a row without its base") }
            guard let quote else { throw .malformed("a row without its quote") }
            guard let rateText else { throw .malformed("no rate for \(quote)") }
            // A string, null or other non-number was marked with a NUL above.
            guard !rateText.hasPrefix("\u{0}"), let rate = exactDecimal(rateText), rate > 0 else {
                throw .invalidRate(currency: quote.rawValue, value: ProviderText.clean(String(rateText.drop { $0 == "\u{0}" })))
            }
            if quote == base {
                guard rate == 1 else { throw .invalidRate(currency: quote.rawValue, value: rateText) }
                return nil
            }
            return Row(
                day: day, quote: quote, rate: rate, contributors: contributors,
                significand: RatePrecision.significand(of: rateText).flatMap { Int(exactly: $0) })
        }

        /// `[{"key":"ECB","date":…,"rate":…},{"key":"NBP","excluded":true,…}]`: the institutions not
        /// excluded, each with its own rate and day when the row gives them (`Contribution.encoded`).
        private static func institutions(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> [String] {
            var kept: [String] = []
            try json.elements { json throws(FetchFailure) in
                var key: String?, excluded = false, rate: Decimal?, day: Day?
                try json.members { json, name throws(FetchFailure) in
                    switch name {
                    case "key": key = try json.string()
                    case "excluded": excluded = try json.null() ? false : try json.boolean()
                    // An institution's own figure is shown, never computed with: one that is not a plain number is left unsaid.
                    case "rate":
                        if try json.atNumber() { rate = exactDecimal(try json.number()) } else { try json.skipValue() }
                    case "date": day = try json.null() ? nil : Day(iso: try json.string())
                    default: try json.skipValue()
                    }
                }
                // Separators of the kept form are not part of a key.
                let clean = key.map { ProviderText.clean($0).filter { !",=@".contains($0) } }
                if let clean, !clean.isEmpty, !excluded { kept.append(Contribution(key: clean, rate: rate, day: day).encoded) }
            }
            return kept
        }
    }

    /// `Decimal(exactly:)` goes through `Decimal(string:)` and a Locale, which costs seconds over the
    /// hundreds of thousands of rates of a long history. Plain `digits[.digits]` with up to 19 significant
    /// digits (every real rate) is built from an integer instead; anything else takes the slow, strict path.
    /// `text` has already passed the scanner's number grammar.
    static func exactDecimal(_ text: String) -> Decimal? {
        var mantissa: UInt64 = 0, significant = 0, scale = 0, afterPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") { afterPoint = true; continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return Decimal(exactly: text) }
            if afterPoint { scale += 1 }
            guard mantissa > 0 || byte != UInt8(ascii: "0") else { continue }
            significant += 1
            guard significant <= 19 else { return Decimal(exactly: text) }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return Decimal(sign: .plus, exponent: -scale, significand: Decimal(mantissa))
    }
}
