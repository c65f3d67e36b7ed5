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
            guard let perCAD = PublishedInverse.of(text, digits: digits) else {
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
                if raw != "null" { text = raw }  // a number as written, or something `PublishedInverse` refuses
            }
        }
        return text?.isEmpty == false ? text : nil
    }

    /// The `message` of an error body such as `{"message":"Series FXCADAFN not found.","docs":…}`.
    public static func errorMessage(_ data: Data) -> String? { FrankfurterDecoder.errorMessage(data) }
}
