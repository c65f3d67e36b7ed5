import Foundation

/// A damaged cache file is renamed `<name>.corrupt` (replacing an older one) for inspection,
/// so fx can start afresh; called under the file's lock, so only one process does it.
enum SetAside {
    static func file(_ path: String, reason: String) -> Diagnostic {
        let aside = path + ".corrupt"
        try? FileManager.default.removeItem(atPath: aside)
        do {
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            return .cacheSetAside(path: path, movedTo: aside, reason: reason)
        } catch {
            return .cacheUnreadable(path: path, reason: reason)
        }
    }
}
