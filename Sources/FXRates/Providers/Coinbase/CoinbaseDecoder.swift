/// Decodes Coinbase's price answers: `{"data":{"amount":"2723.905","base":"ETH","currency":"USD"}}`
/// (older answers add `"warnings"`, which are ignored) and its error envelope
/// `{"errors":[{"id":"not_found","message":"Invalid currency"}]}`. Amounts are strings, read as
/// exact decimals; keys are read by name, as their order changed between 2017 and 2026.
enum CoinbaseDecoder {
    /// One spot price: `quote` per one `base`, as published, and its text (for its precision).
    static func spot(_ data: Data, base: CurrencyCode, quote: CurrencyCode) throws(FetchFailure) -> (price: Decimal, text: String) {
        var json = JSONScanner<FetchFailure>(data)
        var found: (Decimal, String)?
        try json.distinctMembers { json, key throws(FetchFailure) in
            guard key == "data" else { return try json.skipValue() }
            found = try price(&json, base: base, quote: quote)
        }
        try json.end()
        guard let found else { throw .malformed("no data") }
        return found
    }

    private static func price(_ json: inout JSONScanner<FetchFailure>, base: CurrencyCode, quote: CurrencyCode) throws(FetchFailure)
        -> (Decimal, String)
    {
        var amount: String?, baseText: String?, currency: String?
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "amount": amount = try json.atNumber() ? json.number() : json.string()
            case "base": baseText = try json.string()
            case "currency": currency = try json.string()
            default: try json.skipValue()
            }
        }
        // The pair answered must be the pair asked: a proxy or a changed API would price another.
        guard baseText.flatMap(CurrencyCode.init) == base, currency.flatMap(CurrencyCode.init) == quote else {
            throw .malformed(
                "an answer for \(ProviderText.clean(baseText ?? "?"))-\(ProviderText.clean(currency ?? "?")), not \(base)-\(quote)")
        }
        guard let amount, let price = Decimal(exactly: amount), price > 0 else {
            throw .invalidRate(currency: base.rawValue, value: ProviderText.clean(amount ?? "missing"))
        }
        return (price, amount)
    }

    /// The first error's message with its id (`Invalid currency (not_found)`), nil when the body is not the envelope.
    static func errorText(_ data: Data) -> String? {
        var json = JSONScanner<FetchFailure>(data)
        var first: (id: String?, message: String?)?
        do {
            try json.members { json, key throws(FetchFailure) in
                guard key == "errors" else { return try json.skipValue() }
                try json.elements { json throws(FetchFailure) in
                    var id: String?, message: String?
                    try json.members { json, key throws(FetchFailure) in
                        switch key {
                        case "id": id = try json.string()
                        case "message": message = try json.string()
                        default: try json.skipValue()
                        }
                    }
                    if first == nil { first = (id, message) }
                }
            }
            try json.end()
        } catch { return nil }
        guard let first, first.id != nil || first.message != nil else { return nil }
        let message = ProviderText.clean(first.message ?? first.id ?? "")
        return first.id.map { "\(message) (\(ProviderText.clean($0)))" } ?? message
    }
}
