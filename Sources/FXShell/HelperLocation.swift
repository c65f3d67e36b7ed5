#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where fx finds its network helper fx-fetch: the first of its candidate paths that can be run,
/// looked up at each run of the helper, never at start-up, which an answer from the cache pays
/// for (it runs no helper).
public struct HelperLocation: Sendable, Equatable {
    /// Tried in order; the first is named in a failure when none can be run.
    public let candidates: [String]

    public init(_ candidates: [String]) {
        precondition(!candidates.isEmpty, "a helper location needs a candidate")
        self.candidates = candidates
    }

    /// The candidate to run: the first executable one, else the first, whose failure to start
    /// names where the helper belongs.
    public var path: String {
        candidates.first { access($0, X_OK) == 0 } ?? candidates[0]
    }

    /// For fx at `executable` (a resolved path): `PREFIX/libexec/fx/fx-fetch` for an fx in
    /// `PREFIX/bin`, where helpers live (off PATH), then `fx-fetch` beside fx: a development
    /// build (`.build/release`), and an install of the earlier layout (fx-fetch in `PREFIX/bin`),
    /// still found while an upgrade replaces it.
    public static func forExecutable(_ executable: String) -> HelperLocation {
        let directory = Paths.directory(of: executable)
        let prefix = Paths.directory(of: directory)
        return HelperLocation([(prefix == "/" ? "" : prefix) + "/libexec/fx/fx-fetch", directory + "/fx-fetch"])
    }

    /// For the running fx, from its own path (one system call; `Bundle.main` costs a tenth of an
    /// answer from the cache to set up). An fx that cannot tell where it is looks on PATH.
    public static func ofRunningExecutable() -> HelperLocation {
        #if os(Linux)
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        if count > 0 {
            return forExecutable(String(decoding: path[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        #endif
        #if canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
            defer { free(resolved) }
            return forExecutable(String(cString: resolved))
        }
        #endif
        return HelperLocation([onPath("fx-fetch")])
    }

    /// `name` in an absolute directory of PATH, for an fx that cannot tell where it is itself;
    /// never a path relative to the working directory, where anyone's `fx-fetch` could be
    /// handed a key. Unfound, a path that names what is missing.
    static func onPath(_ name: String) -> String {
        let directories = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return "/" + name + " (not in libexec/fx or beside fx, nor on PATH)"
    }
}
