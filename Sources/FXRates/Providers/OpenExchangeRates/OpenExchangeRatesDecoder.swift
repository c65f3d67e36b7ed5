/// Decodes Open Exchange Rates bodies: `{"timestamp":1521741600,"base":"USD","rates":{"AED":3.672895,…}}`
/// and the error envelope `{"error":true,"status":401,"message":"invalid_app_id","description":"…"}`.
/// Through `JSONScanner`, like Frankfurter's, so duplicate keys are seen and each rate's own text becomes
/// an exact Decimal.
public enum OpenExchangeRatesDecoder {
    /// OXR's history starts here; an earlier timestamp is not a publication.
    static let firstInstant = Day(year: 1999, month: 1, day: 1)!.startUTC

    /// One table, dated by the UTC day of its `timestamp`, which also becomes `publishedAt`.
    /// The base's own entry (`"USD": 1`) must be 1 and is left out of `rates`.
    public static func table(_ data: Data, base expected: CurrencyCode, notAfter latest: Date) throws(FetchFailure) -> RateTable {
        var json = JSONScanner<FetchFailure>(data)
        var base: CurrencyCode?
        var published: Date?
        var entries: [(CurrencyCode, Decimal)]?
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "base":
                base = try json.base(expected: expected)
            case "timestamp":
                let text = try json.atNumber() ? try json.number() : try json.rawValue()
                // Whole UNIX seconds; 0, negatives, fractions or a 1970 date mean a broken feed.
                guard let seconds = Int(text), case let instant = Date(timeIntervalSince1970: TimeInterval(seconds)),
                    instant >= firstInstant
                else { throw .malformed("timestamp '\(ProviderText.clean(text))' is not a time") }
                published = instant
            case "rates":
                entries = try rateEntries(&json, base: expected)
            default:
                try json.skipValue()
            }
        }
        try json.end()
        guard let base else { throw .malformed("no base") }
        guard let published else { throw .missingDate }
        guard let entries else { throw .malformed("no rates") }
        let day = Day(utc: published)
        guard published <= latest else { throw .futureDate(day) }
        var rates: [CurrencyCode: Decimal] = [:]
        for (code, rate) in entries where rates.updateValue(rate, forKey: code) != nil {
            throw .duplicateCurrency(code.rawValue, day)
        }
        rates[base] = nil
        // An unknown `symbols` filter gives `"rates": {}` with status 200.
        guard !rates.isEmpty else { throw .noRates }
        return RateTable(base: base, date: day, rates: rates, publishedAt: published)
    }

    /// A short, printable text for an error body (`"error": true`), or nil when the body is not one.
    /// Known messages get plain words; `secret` (the App ID) is blanked before anything is shortened.
    public static func errorText(_ data: Data, hiding secret: String?) -> String? {
        var json = JSONScanner<FetchFailure>(data)
        var isError = false
        var message: String?
        var description: String?
        do {
            try json.members { json, key throws(FetchFailure) in
                switch key {
                case "error": isError = try json.rawValue() == "true"
                case "message" where message == nil: message = try json.string()
                case "description" where description == nil: description = try json.string()
                default: try json.skipValue()
                }
            }
            try json.end()
        } catch { return nil }
        guard isError, let message else { return nil }
        func shown(_ text: String) -> String { ProviderText.clean(secret.map { hide($0, in: text) } ?? text) }
        // The descriptions of key errors only repeat the message and point to the sign-up page;
        // the others say why (the plan's features, the restriction's reason and end).
        let detail = description.map(shown).flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
        switch message {
        case "invalid_app_id": return "the app ID is not valid"
        case "app_id_inactive": return "the app ID has been deactivated"
        case "missing_app_id": return "no app ID was sent"
        case "not_found": return "no such endpoint (check the source's URL)"
        case "invalid_base": return "the base currency is not supported"
        case "not_available": return "no rates for that date" + detail
        case "not_allowed": return "this plan does not allow that request" + detail
        case "access_restricted":
            return "access restricted: the plan's monthly requests are used up or the account is suspended" + detail
        default:
            let name = shown(message)
            return (name.isEmpty ? "unknown error" : "error '\(name)'") + detail
        }
    }

    /// The `rates` object, in order; duplicates are judged by the caller, once the day is known.
    private static func rateEntries(_ json: inout JSONScanner<FetchFailure>, base: CurrencyCode) throws(FetchFailure) -> [(
        CurrencyCode, Decimal
    )] {
        var entries: [(CurrencyCode, Decimal)] = []
        try json.members { json, name throws(FetchFailure) in
            guard let code = CurrencyCode(name) else { throw .invalidCurrency(ProviderText.clean(name)) }
            let isNumber = try json.atNumber()
            let text = isNumber ? try json.number() : try json.rawValue()
            guard isNumber, let rate = decimal(text), rate > 0, code != base || rate == 1 else {
                throw .invalidRate(currency: code.rawValue, value: ProviderText.clean(text))
            }
            entries.append((code, rate))
        }
        return entries
    }

    /// JSON writers may switch to exponent form for tiny numbers (JavaScript below 1e-6, which
    /// BTC per USD approaches); mantissa and power of ten are both kept exact.
    static func decimal(_ text: String) -> Decimal? {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return FrankfurterDecoder.exactDecimal(text) }
        guard let mantissa = FrankfurterDecoder.exactDecimal(String(text[..<e])), let power = Int(text[text.index(after: e)...]),
            abs(power) <= 40
        else { return nil }
        return Decimal(sign: .plus, exponent: power, significand: mantissa)
    }

    static func hide(_ secret: String, in text: String) -> String {
        text.replacingCaseInsensitive(secret, with: "…")
    }

}
