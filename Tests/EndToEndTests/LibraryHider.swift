import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program in a private mount namespace (`unshare --mount`) where every shared library
/// file of a name that the dynamic loader could find is covered by an empty file: neither the
/// loader nor `dlopen` can map it there, and nothing outside the namespace sees the change.
struct LibraryHider {
    /// Mount namespaces need root (as in CI) and util-linux's `unshare`.
    static let available: Bool = {
        guard getuid() == 0, let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: FileManager.default.isExecutableFile) else {
            return false
        }
        return run(unshare, ["--mount", "true"]) != nil
    }()

    /// The real files (links resolved) that are hidden.
    let libraries: [String]
    /// Where the namespace lists each library once it has checked that it reads as empty.
    let record: URL
    /// A command prefix: hides the libraries, then runs the program and arguments that follow.
    let launcher: String

    /// Hides the files named `prefix`… in the loader's cache (`ldconfig -p`) and its usual directories.
    init(prefix: String, directory: URL) throws {
        var candidates: [String] = []
        if let ldconfig = ["/sbin/ldconfig", "/usr/sbin/ldconfig"].first(where: FileManager.default.isExecutableFile),
            let cache = Self.run(ldconfig, ["-p"])
        {
            candidates += cache.split(separator: "\n").compactMap { line in
                line.range(of: " => ").map { String(line[$0.upperBound...]) }
            }
        }
        var directories = ["/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib"]
        for parent in ["/lib", "/usr/lib"] {
            let children = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
            directories += children.filter { $0.hasSuffix("-linux-gnu") }.map { parent + "/" + $0 }
        }
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            candidates += names.map { directory + "/" + $0 }
        }
        libraries = Set(
            candidates.filter { ($0 as NSString).lastPathComponent.hasPrefix(prefix) }.compactMap { path in
                realpath(path, nil).map { resolved in
                    defer { free(resolved) }; return String(cString: resolved)
                }
            }
        ).sorted()

        let empty = directory.appendingPathComponent("empty-library")
        try Data().write(to: empty)
        let record = directory.appendingPathComponent("hidden-libraries")
        self.record = record
        let script = directory.appendingPathComponent("hide-libraries.sh")
        try
            ("set -e\n"
            + libraries.map { library in
                "mount --bind \(empty.path) \(library); test ! -s \(library); echo \(library) >> \(record.path)\n"
            }.joined() + "exec \"$@\"\n").write(to: script, atomically: true, encoding: .utf8)
        launcher = "unshare --mount sh \(script.path) "
    }

    /// The libraries the namespace reported hidden.
    func hidden() -> [String] {
        ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Runs a program to its end; its standard output, or nil when it failed.
    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: output, as: UTF8.self) : nil
    }
}
