import CFetch
import Foundation

/// Compressed bodies that inflate far past any cap (decompression bombs), made quickly: zeros are
/// compressed in 1 MiB pieces, each after a full flush, so every piece after the first is the same
/// bytes and is repeated rather than compressed again. The stream has no end: a reader must stop
/// at its cap long before it would notice.
public enum Bombs {
    /// A gzip body (`Content-Encoding: gzip`) that inflates to `mebibytes` MiB of zeros.
    public static func gzip(mebibytes: Int) -> Data { stream(windowBits: 31, mebibytes: mebibytes) }

    /// Raw deflate, as a zip entry holds it, inflating to `mebibytes` MiB of zeros.
    public static func deflate(mebibytes: Int) -> Data { stream(windowBits: -15, mebibytes: mebibytes) }

    /// A one-entry zip archive `eurofxref-hist.csv` whose directory claims `claimed` bytes but whose
    /// data inflates to `mebibytes` MiB.
    public static func zip(mebibytes: Int, claimed: UInt32) -> Data {
        let data = deflate(mebibytes: mebibytes)
        let name = Data("eurofxref-hist.csv".utf8)
        func le16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
        func le32(_ value: UInt32) -> Data { Data((0..<4).map { UInt8(value >> (8 * $0) & 0xFF) }) }
        var archive = le32(0x0403_4B50) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0)
        archive += le32(0) + le32(UInt32(data.count)) + le32(claimed) + le16(name.count) + le16(0) + name + data
        let directory = archive.count
        archive += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0)
        archive += le32(0) + le32(UInt32(data.count)) + le32(claimed) + le16(name.count) + le16(0) + le16(0)
        archive += le16(0) + le16(0) + le32(0) + le32(0) + name
        let size = archive.count - directory
        archive += le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(UInt32(size)) + le32(UInt32(directory)) + le16(0)
        return archive
    }

    private static func stream(windowBits: Int32, mebibytes: Int) -> Data {
        var stream = z_stream()
        precondition(fx_deflate_init(&stream, 9, windowBits) == Z_OK)
        defer { deflateEnd(&stream) }
        var zeros = [UInt8](repeating: 0, count: 1 << 20)
        func piece() -> Data {
            var out = Data()
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            zeros.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { output in
                        stream.next_out = output.baseAddress
                        stream.avail_out = UInt32(output.count)
                        _ = CFetch.deflate(&stream, Z_FULL_FLUSH)
                        out.append(output.baseAddress!, count: output.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0
            }
            return out
        }
        var body = piece()
        let repeated = piece()
        for _ in 2..<max(2, mebibytes) { body.append(repeated) }
        return body + (mebibytes > 1 ? repeated : Data())
    }
}
