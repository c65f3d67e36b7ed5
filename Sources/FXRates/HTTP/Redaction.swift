/// Blanks the credentials a URL can carry in any text about to be shown, logged or stored: the
/// values of query parameters that hold keys (`app_id=…`, `api_key=…`) and the user information
/// before a host (`ftp://user:…@host`, or `user:…@host` with no scheme). A URL quoted by a transport error, a warning about a URL
/// override or a source's last error must not show a key or a password. A second line of
/// defence: sources already blank their own key from what they report.
public enum Redaction {
    /// Parameter names whose values are secrets, lower-cased.
    static let names: Set<String> = ["app_id", "api_key", "apikey", "access_key", "key", "token", "access_token"]

    /// `text` with every credential of the kinds above blanked to `…`.
    public static func hidingCredentials(_ text: String) -> String {
        hidingQueryKeys(hidingUserInfo(text))
    }

    /// The value runs to the next separator of a URL or a sentence.
    private static func endsValue(_ character: Character) -> Bool {
        character == "&" || character == "#" || character == "'" || character == "\"" || character == ")" || character.isWhitespace
    }

    private static func hidingQueryKeys(_ text: String) -> String {
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
            let end = rest.firstIndex(where: endsValue) ?? rest.endIndex
            if end > rest.startIndex { result += "…" }
            rest = rest[end...]
        }
        return result + rest
    }

    /// `scheme://user:password@host/…` → `scheme://…@host/…`, whatever the URL's shape: a word
    /// (up to a space, a quote, `/`, `?`, `#`, `<` or `>`) holding an `@` is user information up
    /// to its last `@` when it follows `//` (an authority, with a scheme or without), or when it
    /// begins a word and holds a `:` before that `@` (`user:password@host`, no scheme). A mail
    /// address (`me@example.com`) and a path (`/v2@beta`) are not user information and stay.
    private static func hidingUserInfo(_ text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            let wordEnd = rest.firstIndex(where: endsWord) ?? rest.endIndex
            let word = rest[..<wordEnd]
            let afterSlashes = result.hasSuffix("//")
            let beginsWord = result.last.map { $0 != "/" } ?? true
            if let at = word.lastIndex(of: "@"), at > word.startIndex,
                afterSlashes || (beginsWord && word[..<at].contains(":"))
            {
                result += "…" + word[at...]
            } else {
                result += word
            }
            guard wordEnd < rest.endIndex else { break }
            result.append(rest[wordEnd])
            rest = rest[rest.index(after: wordEnd)...]
        }
        return result
    }

    /// Where user information cannot run on: it holds no space, quote, `/`, `?`, `#`, `<` or `>`.
    private static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || character == "'" || character == "\"" || character == "`" || character == "/" || character == "?"
            || character == "#" || character == "<" || character == ">"
    }
}
