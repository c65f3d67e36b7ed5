/// The readings of a provider's JSON that every decoder shares.
extension JSONScanner where Failure == FetchFailure {
    /// Reads an object whose keys may each appear once: JSON leaves a repeated key to the reader,
    /// and which of two rates a provider meant would be a guess.
    mutating func distinctMembers(_ body: (inout JSONScanner, String) throws(FetchFailure) -> Void) throws(FetchFailure) {
        var seen = Set<String>()
        try members { json, key throws(FetchFailure) in
            guard seen.insert(key).inserted else { throw .malformed("duplicate key '\(FrankfurterDecoder.clean(key))'") }
            try body(&json, key)
        }
    }

    /// A `"base"` member: a currency code, and the one the request asked for.
    mutating func base(expected: CurrencyCode) throws(FetchFailure) -> CurrencyCode {
        let text = try string()
        guard let code = CurrencyCode(text) else { throw .invalidCurrency(FrankfurterDecoder.clean(text)) }
        guard code == expected else { throw .malformed("base is \(code), expected \(expected)") }
        return code
    }
}
