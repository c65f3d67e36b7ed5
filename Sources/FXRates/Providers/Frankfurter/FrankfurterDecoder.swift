/// Decodes Frankfurter v1 time series,
/// `{"amount":1.0,"base":"EUR","start_date":…,"end_date":…,"rates":{"2026-09-30":{"INR":108.8205,…},…}}`.
///
/// A small tokenizer rather than JSONDecoder: JSONDecoder silently keeps one of two duplicate
/// keys and silently rounds numbers beyond Decimal's 38 digits, and on older Darwin Foundation
/// it decodes Decimal through Double. Here each rate's own text goes to `Decimal(exactly:)`.
public enum FrankfurterDecoder {
    /// Every day of `rates`, oldest first. Days after `latest` are refused as `.futureDate`.
    public static func history(_ data: Data, base expected: CurrencyCode, latest: Day) throws(FetchFailure) -> RateHistory {
        var tables: [RateTable]?
        let base = try envelope(data, base: expected) { json, key throws(FetchFailure) in
            switch key {
            case "start_date", "end_date":
                let text = try json.string()
                guard Day(iso: text) != nil else { throw .malformed("\(key) '\(ProviderText.clean(text))' is not a date") }
            case "rates":
                tables = try days(&json, base: expected, latest: latest)
            default:
                return false
            }
            return true
        }
        guard let tables else { throw .malformed("no rates") }
        guard !tables.isEmpty else { throw .noRates }
        return RateHistory(base: base, tables: tables)
    }

    /// The `message` of an error body such as `{"message":"bad currency pair"}`, made safe to
    /// print; nil when the body is empty or not of that shape (old deployments send nothing).
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

    /// The `rates` object: one table per day.
    private static func days(_ json: inout JSONScanner<FetchFailure>, base: CurrencyCode, latest: Day) throws(FetchFailure) -> [RateTable] {
        var tables: [RateTable] = []
        var seenDays = Set<Day>()
        var codes: [String: CurrencyCode] = [:]  // each code once, not once per day
        try json.members { json, key throws(FetchFailure) in
            guard let day = Day(iso: key) else { throw .malformed("'\(ProviderText.clean(key))' is not a date") }
            guard seenDays.insert(day).inserted else { throw .duplicateDate(day) }
            guard day <= latest else { throw .futureDate(day) }
            let rates = try dayRates(&json, base: base, day: day, codes: &codes)
            tables.append(RateTable(base: base, date: day, rates: rates))
        }
        return tables
    }

    /// One day's `{"USD":1.1172,…}`, every rate exact and positive, each currency once.
    private static func dayRates(
        _ json: inout JSONScanner<FetchFailure>, base: CurrencyCode, day: Day,
        codes: inout [String: CurrencyCode]
    ) throws(FetchFailure) -> [CurrencyCode: Decimal] {
        var rates: [CurrencyCode: Decimal] = [:]
        try json.members { json, name throws(FetchFailure) in
            guard let code = codes[name] ?? CurrencyCode(name), code != base else { throw .invalidCurrency(ProviderText.clean(name)) }
            codes[name] = code
            let isNumber = try json.atNumber()
            let text = isNumber ? try json.number() : try json.rawValue()
            guard isNumber, let rate = exactDecimal(text), rate > 0 else {
                throw .invalidRate(currency: code.rawValue, value: ProviderText.clean(text))
            }
            guard rates.updateValue(rate, forKey: code) == nil else { throw .duplicateCurrency(code.rawValue, day) }
        }
        // An empty day would replace good data with a table that prices nothing.
        guard !rates.isEmpty else { throw .noRates }
        return rates
    }

    /// `/latest`: `{"amount":1.0,"base":"EUR","date":"2026-10-30","rates":{"AUD":1.7712,…}}`.
    public static func latest(_ data: Data, base expected: CurrencyCode) throws(FetchFailure) -> RateTable {
        var day: Day?, rates: [CurrencyCode: Decimal]?
        var codes: [String: CurrencyCode] = [:]
        let base = try envelope(data, base: expected) { json, key throws(FetchFailure) in
            switch key {
            case "date":
                let text = try json.string()
                guard let parsed = Day(iso: text) else { throw .missingDate }
                day = parsed
            case "rates":
                rates = try dayRates(&json, base: expected, day: day ?? Day(ordinal: 0), codes: &codes)
            default:
                return false
            }
            return true
        }
        guard let day else { throw .missingDate }
        guard let rates else { throw .noRates }
        return RateTable(base: base, date: day, rates: rates)
    }

    /// The object both bodies share: each key once, `base` the one asked for, `amount` 1 (rates
    /// are multiplied by it; only 1 gives rates per unit). `member` reads the rest, returning false
    /// for a key it does not know, which is skipped.
    private static func envelope(
        _ data: Data, base expected: CurrencyCode,
        member: (inout JSONScanner<FetchFailure>, String) throws(FetchFailure) -> Bool
    ) throws(FetchFailure) -> CurrencyCode {
        var json = JSONScanner<FetchFailure>(data)
        var base: CurrencyCode?
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "base":
                base = try json.base(expected: expected)
            case "amount":
                let text = try json.number()
                guard Decimal(exactly: text) == 1 else { throw .malformed("amount is \(text), not 1") }
            default:
                if try !member(&json, key) { try json.skipValue() }
            }
        }
        try json.end()
        guard let base else { throw .malformed("no base") }
        return base
    }

    /// `Decimal(exactly:)` goes through `Decimal(string:)` and a Locale, which costs seconds over the
    /// ~230,000 rates of the full history. Plain `digits[.digits]` with up to 19 significant digits
    /// (every real rate) is built from an integer instead; anything else takes the slow, strict path.
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
