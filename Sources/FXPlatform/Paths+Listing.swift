#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Paths {
    /// The names in `directory` that end in `suffix`, sorted; empty when there is no such
    /// directory. One `readdir` pass: TAB completion calls this at every press.
    public static func names(in directory: String, ending suffix: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(suffix), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
