#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables a program reads, straight from `environ`: those named, or starting
/// with one of the prefixes, and no others. ProcessInfo would copy all of them, and set up more:
/// with it, fx's one-shot answer took 32% more instructions (measured with 13 variables set).
public enum ProcessEnvironment {
    public static func current(prefixes: [StaticString], names: [StaticString]) -> [String: String] {
        variables(UnsafePointer(environ), prefixes: prefixes, names: names)
    }

    /// The variables wanted among `NAME=value` entries ending in a null pointer, as `environ` is.
    public static func variables(
        _ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>, prefixes: [StaticString], names: [StaticString]
    ) -> [String: String] {
        // Room reserved up front: growing would go through the standard library's own
        // [String: String] code, whose first use costs more than reading the environment
        // (measured: Benchmarks/README.md, "What each fast path is worth", reserved capacities).
        var variables = [String: String](minimumCapacity: 32)
        var entry = entries
        while let pointer = entry.pointee {
            entry += 1
            // Names are matched on bytes: a String is made only for the few variables wanted.
            guard let equals = strchr(pointer, Int32(UInt8(ascii: "="))) else { continue }
            let length = pointer.distance(to: equals)
            guard
                prefixes.contains(where: { $0.utf8CodeUnitCount <= length && matches(pointer, $0) })
                    || names.contains(where: { $0.utf8CodeUnitCount == length && matches(pointer, $0) })
            else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
            // The first of duplicate names wins, as getenv has it.
            if variables[name] == nil { variables[name] = String(cString: equals + 1) }
        }
        return variables
    }

    /// Whether `text` starts with `word`'s bytes.
    private static func matches(_ text: UnsafePointer<CChar>, _ word: StaticString) -> Bool {
        memcmp(text, word.utf8Start, word.utf8CodeUnitCount) == 0
    }
}

#if canImport(Darwin)
private var environ: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
#endif
