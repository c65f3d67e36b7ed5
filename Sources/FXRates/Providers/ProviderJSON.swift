/// The readings of a provider's JSON that every decoder shares.
extension JSONScanner where Failure == FetchFailure {
    /// Reads an object whose keys may each appear once: JSON leaves a repeated key to the reader,
    /// and which of two rates a provider meant would be a guess.
    mutating func distinctMembers(_ body: (inout JSONScanner, String) throws(FetchFailure) -> Void) throws(FetchFailure) {
        var seen = Set<String>()
        try members { json, key throws(FetchFailure) in
            guard seen.insert(key).inserted else { throw .malformed("duplicate key '\(ProviderText.clean(key))'") }
            try body(&json, key)
        }
    }

    /// A `"base"` member: a currency code, and the one the request asked for.
    mutating func base(expected: CurrencyCode) throws(FetchFailure) -> CurrencyCode {
        let text = try string()
        guard let code = CurrencyCode(text) else { throw .invalidCurrency(ProviderText.clean(text)) }
        guard code == expected else { throw .malformed("base is \(code), expected \(expected)") }
        return code
    }
}

/// Text from a provider's body, fit to stand in a message.
enum ProviderText {
    /// Line breaks and tabs become spaces; any other control or format character (an escape, a
    /// bidi override) is shown escaped, `\x1B`, as every message shows one; at most 100 characters.
    static func clean(_ text: String) -> String {
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { spaced.append(["\n", "\r", "\t"].contains(scalar) ? " " : scalar) }
        let trimmed = String(spaced).trimmedOfWhitespace
        let shown = trimmed.escapingControls(first: 100)
        return trimmed.unicodeScalars.count > 100 ? shown + "…" : shown
    }
}
