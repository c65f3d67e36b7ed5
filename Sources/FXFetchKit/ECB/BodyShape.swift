/// The checks before a reader sees a body (fx's `BodyCheck` for XML and zip): empty bodies and
/// HTML pages named as such, and no DTD, whose entities could expand or reach out.
enum BodyShape {
    static func rejectNonXML(_ data: [UInt8]) throws(ReadFailure) {
        let head = leadingText(data)
        guard !head.isEmpty else { throw .emptyBody }
        // UTF-16 or UTF-32 would hide a DTD from the byte search below; the ECB sends UTF-8,
        // where a NUL byte cannot appear.
        if data.contains(0) { throw .malformed("not UTF-8 XML") }
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || contains(Array(head.utf8), "<html") { throw .htmlBody }
        if contains(data, "<!DOCTYPE") || contains(data, "<!ENTITY") { throw .forbiddenDTD }
        guard head.hasPrefix("<") else { throw .malformed("not XML") }
    }

    static func rejectNonZip(_ data: [UInt8]) throws(ReadFailure) {
        guard !data.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return }
        try rejectNonXML(data)
        throw .malformed("not a zip archive")
    }

    /// The first few hundred bytes, lower-cased, with leading whitespace and a BOM removed.
    private static func leadingText(_ data: [UInt8]) -> String {
        let prefix = String(decoding: data.prefix(512), as: UTF8.self)
        return String(prefix.drop { $0.isWhitespace || $0 == "\u{FEFF}" }).lowercased()
    }

    /// Whether `text` occurs in `data` (by bytes: the helper links no string-searching module).
    static func contains(_ data: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard data.count >= needle.count else { return false }
        return data.withUnsafeBufferPointer { bytes in
            var index = 0
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return true }
                index += 1
            }
            return false
        }
    }
}
