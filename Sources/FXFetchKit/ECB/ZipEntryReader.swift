import CFetch

/// The CSV inside the ECB's `eurofxref-hist.zip` (one entry, `eurofxref-hist.csv`), read from the
/// archive's central directory and inflated by zlib. The inflation is bounded as it streams: an
/// archive that lies about its sizes stops at `maxBytes` of output, whatever it would inflate to.
public enum ZipEntryReader {
    /// The default cap: the CSV of the full history is about 2.5 MiB.
    public static let defaultMaxBytes = 32 << 20

    /// The first `.csv` file's bytes, refused when the archive is damaged, fails its CRC, or
    /// inflates past `maxBytes`.
    public static func csv(from data: [UInt8], maxBytes: Int = defaultMaxBytes) throws(ReadFailure) -> [UInt8] {
        try BodyShape.rejectNonZip(data)
        let entries = try centralDirectory(data)
        guard let entry = entries.first(where: { !$0.name.hasSuffix("/") && $0.name.lowercased().hasSuffix(".csv") }) else {
            throw .malformed("the zip archive holds no CSV file")
        }
        guard entry.size <= maxBytes else { throw .malformed("the CSV inflates past \(maxBytes >> 20) MiB") }
        // The local header repeats the name and has its own extra field; the data follows them.
        let local = entry.offset
        guard local + 30 <= data.count, data.uint32(at: local) == 0x0403_4B50 else { throw damaged("bad local header") }
        let start = local + 30 + Int(data.uint16(at: local + 26)) + Int(data.uint16(at: local + 28))
        guard start + entry.compressedSize <= data.count else { throw damaged("cut off") }
        let stored = data[start..<start + entry.compressedSize]
        let csv: [UInt8]
        switch entry.method {
        case 0:
            guard stored.count <= maxBytes else { throw damaged("too large") }
            csv = Array(stored)
        case 8: csv = try inflate(stored, maxBytes: maxBytes)
        default: throw .malformed("the zip archive uses compression method \(entry.method)")
        }
        let checksum = csv.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        guard checksum == entry.crc, csv.count == entry.size else { throw damaged("checksum mismatch") }
        return csv
    }

    private static func damaged(_ why: String) -> ReadFailure {
        .malformed("the zip archive is damaged (\(why))")
    }

    struct Entry {
        var name: String
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var offset: Int
    }

    /// The entries the end-of-central-directory record points at (zip64 archives are not read:
    /// the ECB's is 0.6 MB).
    static func centralDirectory(_ data: [UInt8]) throws(ReadFailure) -> [Entry] {
        // The end record is the last thing in the file, followed by a comment of up to 64 KiB.
        var end = data.count - 22
        let earliest = max(0, data.count - 22 - 0xFFFF)
        while end >= earliest, data.uint32(at: end) != 0x0605_4B50 { end -= 1 }
        guard end >= earliest, end >= 0 else { throw .malformed("unreadable zip archive") }
        let count = Int(data.uint16(at: end + 10))
        let size = Int(data.uint32(at: end + 12)), offset = Int(data.uint32(at: end + 16))
        guard offset + size <= end else { throw .malformed("unreadable zip archive") }
        var entries: [Entry] = []
        var position = offset
        for _ in 0..<count {
            guard position + 46 <= end, data.uint32(at: position) == 0x0201_4B50 else { throw .malformed("unreadable zip archive") }
            let nameLength = Int(data.uint16(at: position + 28))
            let extraLength = Int(data.uint16(at: position + 30)), commentLength = Int(data.uint16(at: position + 32))
            guard position + 46 + nameLength <= end else { throw .malformed("unreadable zip archive") }
            let entry = Entry(
                name: String(decoding: data[position + 46..<position + 46 + nameLength], as: UTF8.self),
                method: data.uint16(at: position + 10), crc: data.uint32(at: position + 16),
                compressedSize: Int(data.uint32(at: position + 20)), size: Int(data.uint32(at: position + 24)),
                offset: Int(data.uint32(at: position + 42)))
            guard entry.compressedSize != 0xFFFF_FFFF, entry.size != 0xFFFF_FFFF, entry.offset != 0xFFFF_FFFF else {
                throw .malformed("zip64 archives are not read")
            }
            entries.append(entry)
            position += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// Raw deflate, in chunks, refused as soon as the output passes `maxBytes`.
    static func inflate(_ input: ArraySlice<UInt8>, maxBytes: Int) throws(ReadFailure) -> [UInt8] {
        var stream = z_stream()
        guard fx_inflate_init_raw(&stream) == Z_OK else { throw .malformed("cannot inflate the zip archive") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = Array(input)
        var overCap = false
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let produced: (status: Int32, count: Int) = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let status = CFetch.inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                if output.count + produced.count > maxBytes {
                    overCap = true
                    return Z_OK
                }
                output.append(contentsOf: chunk[0..<produced.count])
                if produced.status != Z_OK { return produced.status }
                // Input used up before the stream's end: the data is cut off.
                if produced.count == 0, stream.avail_in == 0 { return Z_DATA_ERROR }
            }
        }
        if overCap { throw damaged("too large") }
        guard status == Z_STREAM_END else { throw damaged("bad data") }
        return output
    }
}

extension [UInt8] {
    /// Little-endian integers at a byte offset; 0 past the end.
    func uint16(at offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= count else { return 0 }
        return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= count else { return 0 }
        return UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16 | UInt32(self[offset + 3]) << 24
    }
}
