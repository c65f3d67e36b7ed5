#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path strings and what is at them, with plain system calls: FileManager's first use sets up
/// more than a one-shot answer costs. (Named so as not to clash with swift-system's `FilePath`.)
public enum Paths {
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

extension Paths {
    /// Whether anything is at `path` (following symbolic links), as `fileExists` says, without
    /// setting up FileManager.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` names a directory (following symbolic links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The file's device, inode, size and modification time (to the nanosecond), not following
    /// a symbolic link; nil when there is none. A file replaced by rename gets a new inode.
    public static func identity(_ path: String) -> [Int64]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(modified.tv_sec), Int64(modified.tv_nsec)]
    }
}
