/// Small text operations on the answer path that avoid Foundation's NSString and CharacterSet:
/// their first use sets up CoreFoundation (string tables, Unicode bitmaps), which cost a
/// one-shot conversion more than reading and pricing the cache.
extension StringProtocol {
    /// Without leading and trailing white space (Unicode's White_Space: spaces, tabs, newlines).
    public var trimmedOfWhitespace: String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

public enum FilePath {
    /// The directory part of a path, as POSIX `dirname` gives it: `/a/b/c` → `/a/b`,
    /// `/a/b/` → `/a`, `/a` → `/`, `c` → `.`.
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var directory = trimmed[..<slash]
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        return directory.isEmpty ? "/" : String(directory)
    }
}
