/// Blanks the values of query parameters that carry credentials (`app_id=…`, `api_key=…`) in any
/// text about to be shown: a URL quoted by a transport error or a warning must not show a key.
/// A second line of defence: sources already blank their own key from what they report.
public enum Redaction {
    /// Parameter names whose values are secrets, lower-cased.
    static let names: Set<String> = ["app_id", "api_key", "apikey", "access_key", "key", "token", "access_token"]

    public static func hidingQueryKeys(_ text: String) -> String {
        guard text.contains("=") else { return text }
        var result = ""
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            // The parameter name: the letters, digits and _ right before '='.
            let before = rest[..<equals]
            let name = before.reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            result += before + "="
            rest = rest[rest.index(after: equals)...]
            guard names.contains(String(name.reversed()).lowercased()) else { continue }
            // The value runs to the next separator of a URL or a sentence.
            let end =
                rest.firstIndex { $0 == "&" || $0 == "#" || $0 == "'" || $0 == "\"" || $0 == ")" || $0.isWhitespace }
                ?? rest.endIndex
            if end > rest.startIndex { result += "…" }
            rest = rest[end...]
        }
        return result + rest
    }
}
