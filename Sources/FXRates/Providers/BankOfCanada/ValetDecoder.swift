/// Decodes Valet group observations,
/// `{"terms":…,"seriesDetail":…,"observations":[{"d":"2026-03-18","FXUSDCAD":{"v":"1.3706"},…},…]}`,
/// into tables of units per 1 CAD. Through `JSONScanner`, so a series given twice is seen and each
/// value's own text is parsed exactly.
public enum ValetDecoder {
    /// The newest observation as a table, with the one before it as `previous`.
    /// Observations dated after `latest` are refused as `.futureDate`.
    public static func latest(_ data: Data, notAfter latest: Day) throws(FetchFailure) -> RateTable {
        let days = try observations(data, notAfter: latest).sorted { $0.day < $1.day }
        // `recent=N` counts per series, so a discontinued series (MYR, THB, VND end in 2019) brings
        // old observations of its own: only the two newest dates matter.
        guard let newest = days.last, !newest.rates.isEmpty else { throw .noRates }
        let before = days.dropLast().last.flatMap { $0.rates.isEmpty ? nil : PreviousRates(date: $0.day, rates: $0.rates) }
        return RateTable(base: cad, date: newest.day, rates: newest.rates, previous: before, coarse: newest.coarse)
    }

    static let cad = CurrencyCode("CAD")!

    struct Observation {
        let day: Day
        /// Units of each currency per 1 CAD.
        let rates: [CurrencyCode: Decimal]
        /// The rates published with few digits (IDR "0.000081"): their inverse shows 38.
        var coarse: [CurrencyCode: Int] = [:]
    }

    /// `digits`: significant digits kept of each inverse (38, all a Decimal holds; the history file keeps 19).
    static func observations(_ data: Data, notAfter latest: Day, digits: Int = 38) throws(FetchFailure) -> [Observation] {
        var json = JSONScanner<FetchFailure>(data)
        var seenDays = Set<Day>()
        var result: [Observation]?
        try json.distinctMembers { json, key throws(FetchFailure) in
            guard key == "observations" else { return try json.skipValue() }
            var list: [Observation] = []
            try json.elements { json throws(FetchFailure) in
                let observation = try self.observation(&json, notAfter: latest, digits: digits)
                guard seenDays.insert(observation.day).inserted else { throw .duplicateDate(observation.day) }
                list.append(observation)
            }
            result = list
        }
        try json.end()
        guard let result else { throw .malformed("no observations") }
        return result
    }

    /// `{"d":"2026-03-18","FXAUDCAD":{"v":"0.9690"},…}`. A series that is absent, or whose `v` is
    /// missing, null or "", has no value that day; any other value must be a positive decimal.
    private static func observation(
        _ json: inout JSONScanner<FetchFailure>, notAfter latest: Day, digits: Int
    ) throws(FetchFailure) -> Observation {
        var seenKeys = Set<String>()
        var day: Day?, duplicate: CurrencyCode?
        var values: [(CurrencyCode, String)] = []
        try json.members { json, key throws(FetchFailure) in
            let isNew = seenKeys.insert(key).inserted
            if key == "d" {
                guard isNew else { throw .malformed("duplicate key 'd'") }
                let text = try json.string()
                guard let parsed = Day(iso: text) else { throw .malformed("'\(ProviderText.clean(text))' is not a date") }
                day = parsed
            } else if key.hasPrefix("FX"), key.hasSuffix("CAD"), key.utf8.count == 8 {
                guard let code = CurrencyCode(key.dropFirst(2).prefix(3)), code != cad else {
                    throw .invalidCurrency(ProviderText.clean(key))
                }
                if !isNew { duplicate = duplicate ?? code }  // reported once the date is known
                if let text = try value(&json) { values.append((code, text)) }
            } else {
                try json.skipValue()  // not an FX series, such as a future metadata field
            }
        }
        guard let day else { throw .missingDate }
        guard day <= latest else { throw .futureDate(day) }
        if let duplicate { throw .duplicateCurrency(duplicate.rawValue, day) }
        var rates: [CurrencyCode: Decimal] = [:]
        var coarse: [CurrencyCode: Int] = [:]
        for (code, text) in values {
            guard let perCAD = inverse(text, digits: digits) else {
                throw .invalidRate(currency: code.rawValue, value: ProviderText.clean(text))
            }
            rates[code] = perCAD
            if let published = RatePrecision.significand(of: text), RatePrecision.digits(Int(published)) < RatePrecision.enough {
                coarse[code] = Int(published)
            }
        }
        return Observation(day: day, rates: rates, coarse: coarse)
    }

    /// The text of `{"v":"1.3706"}`, nil when there is none. A bare number is read as written too.
    private static func value(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> String? {
        var text: String?, seen = false
        try json.members { json, key throws(FetchFailure) in
            guard key == "v" else { return try json.skipValue() }
            guard !seen else { throw .malformed("duplicate key 'v'") }
            seen = true
            var probe = json
            let raw = try probe.rawValue()
            if raw.hasPrefix("\"") {
                text = try json.string()
            } else {
                json = probe
                if raw != "null" { text = raw }  // a number as written, or something `inverse` refuses
            }
        }
        return text?.isEmpty == false ? text : nil
    }

    /// 1 ÷ `text` for a Valet value (CAD per unit) given as `digits[.digits]`, nil when it is not
    /// one or is zero.
    ///
    /// Why not exact: 1 ÷ 1.3706 has no finite decimal expansion, so no Decimal can hold units per
    /// CAD exactly. The long division here keeps 38 significant digits, all Decimal's 128-bit
    /// significand holds (Foundation's own `/` stops at 33 for 1 ÷ 1.3706), a relative error below 10⁻³⁷
    /// against the Bank's rounding to 4–6 digits (IDR "0.000081" has two). It truncates, so the
    /// inverse is never above the true one: converting back to CAD divides by it and lands on or a
    /// hair above the exact product, and an exact half cent (25 USD × 1.3706 = 34.265) still rounds
    /// away from zero as it should.
    static func inverse(_ text: String, digits kept: Int = 38) -> Decimal? {
        // 18 digits at most, so that remainder × 10 stays within UInt64 (Valet sends 4 to 6).
        var significand: UInt64 = 0, scale = 0, digits = 0, afterPoint = false, sawDigit = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !afterPoint, sawDigit { afterPoint = true; continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            sawDigit = true
            if afterPoint { scale += 1 }
            guard significand > 0 || byte != UInt8(ascii: "0") else { continue }
            digits += 1
            guard digits <= 18 else { return nil }
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        guard significand > 0, text.utf8.last != UInt8(ascii: ".") else { return nil }
        // 10^scale ÷ significand = (remainder ÷ significand) × 10^exponent, with the first quotient digit in 1…9.
        var remainder: UInt64 = 1, exponent = scale
        while remainder < significand { remainder *= 10; exponent -= 1 }
        var quotient = Decimal(0), count = 0
        while count < kept, remainder > 0 {
            quotient = quotient * 10 + Decimal(remainder / significand)
            remainder = remainder % significand * 10
            count += 1
        }
        return Decimal(sign: .plus, exponent: exponent - (count - 1), significand: quotient)
    }

    /// The `message` of an error body such as `{"message":"Series FXCADAFN not found.","docs":…}`.
    public static func errorMessage(_ data: Data) -> String? { FrankfurterDecoder.errorMessage(data) }

}
