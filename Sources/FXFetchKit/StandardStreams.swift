#if canImport(Glibc)
import Glibc
#endif

/// Whole reads and writes on a descriptor, retried across interruptions and short counts.
public enum StandardStreams {
    /// Everything up to end of file; nil on an error or past `limit` bytes.
    public static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            data.append(contentsOf: chunk[0..<count])
            if data.count > limit { return nil }
        }
    }

    /// True once every byte is written.
    public static func writeAll(_ descriptor: Int32, _ data: [UInt8]) -> Bool {
        var offset = 0
        while offset < data.count {
            let count = data[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}
