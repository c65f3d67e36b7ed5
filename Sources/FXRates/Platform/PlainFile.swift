#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whole small files read with open, fstat and read: FoundationEssentials' readers cost
/// a one-shot answer about 0.1 ms more per file (progress, attributes, URL handling).
public enum PlainFile {
    public enum Failure: Error, Equatable {
        case missing
        case isDirectory
        case permissionDenied
        case other(Int32)
    }

    public static func read(_ path: String) -> Result<Data, Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(failure(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(failure(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory) }
        var data = Data(count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            // The size may change while reading (a writer replaces files by rename, so rarely).
            if filled == data.count { data.count += max(4096, data.count) }
            let count = data.withUnsafeMutableBytes { bytes in
                Glibc_read(fd, bytes.baseAddress! + filled, bytes.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return .success(data)
    }

    /// The file's bytes, or nil for any failure.
    public static func contents(_ path: String) -> Data? {
        try? read(path).get()
    }

    private static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        case EISDIR: return .isDirectory
        case EACCES, EPERM: return .permissionDenied
        default: return .other(code)
        }
    }
}

/// The environment variables fx reads, straight from `environ`: every `FX_…` and `XDG_…`
/// variable and the few standard ones below. ProcessInfo would copy all of them, and set up more.
public enum ProcessEnvironment {
    public static let standardNames = ["HOME", "TERM", "NO_COLOR", "COLUMNS", "TMPDIR"]

    public static func current() -> [String: String] {
        variables(UnsafePointer(environ))
    }

    /// The variables fx reads among `NAME=value` entries ending in a null pointer, as `environ` is.
    public static func variables(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        // Room reserved up front: growing would go through the standard library's own
        // [String: String] code, whose first use costs more than reading the environment.
        var variables = [String: String](minimumCapacity: 32)
        var entry = entries
        while let pointer = entry.pointee {
            entry += 1
            // Names are matched on bytes: a String is made only for the few variables fx reads.
            guard let equals = strchr(pointer, Int32(UInt8(ascii: "="))) else { continue }
            let length = pointer.distance(to: equals)
            guard strncmp(pointer, "FX_", 3) == 0 || strncmp(pointer, "XDG_", 4) == 0
                || standardNames.contains(where: { $0.utf8.count == length && strncmp(pointer, $0, length) == 0 }) else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
            // The first of duplicate names wins, as getenv has it.
            if variables[name] == nil { variables[name] = String(cString: equals + 1) }
        }
        return variables
    }
}

#if canImport(Glibc)
private let Glibc_read = Glibc.read
#else
private let Glibc_read = Darwin.read
private var environ: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#endif
