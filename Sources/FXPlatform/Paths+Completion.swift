#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Paths {
    /// The paths a file name being typed may complete to, as TAB offers them: `~/Downloads/sta`
    /// → `~/Downloads/statement.csv`, written as typed (`~` kept, read as `home`), directories
    /// ending in `/`, hidden names only when the typed name starts with a dot. One `readdir` pass.
    public static func completions(of typed: String, home: String?) -> [String] {
        if typed == "~" { return home == nil ? [] : ["~/"] }
        let slash = typed.lastIndex(of: "/")
        let shown = slash.map { String(typed[...$0]) } ?? ""
        let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        var directory = shown.isEmpty ? "." : shown
        if directory.hasPrefix("~/") {
            guard let home, !home.isEmpty else { return [] }
            directory = home + directory.dropFirst()
        }
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", name.hasPrefix(prefix), !name.hasPrefix(".") || prefix.hasPrefix(".") else { continue }
            // A link or an unknown type is asked about: a link to a directory completes as one.
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isDirectory = stat(directory + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            found.append(shown + name + (isDirectory ? "/" : ""))
        }
        return found.sorted()
    }
}
