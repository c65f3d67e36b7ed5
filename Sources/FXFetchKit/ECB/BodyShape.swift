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
        // As fx's `BodyCheck`: XML not in UTF-8 is refused, whether its declaration names another
        // encoding (the ECB's names UTF-8) or its bytes are not UTF-8 (Latin-1 with none declared).
        if let declared = declaredEncoding(Array(head.utf8)), declared != "utf-8", declared != "utf8" {
            throw .malformed("XML in \(declared), not UTF-8")
        }
        guard String(validating: data, as: UTF8.self) != nil else { throw .malformed("not UTF-8 XML") }
    }

    /// The `encoding` of an XML declaration, from the lower-cased head, by bytes (the helper links
    /// no string-searching module); nil when none is declared.
    private static func declaredEncoding(_ head: [UInt8]) -> String? {
        guard head.starts(with: Array("<?xml".utf8)), let end = index(of: Array("?>".utf8), in: head),
            let attribute = index(of: Array("encoding".utf8), in: Array(head[..<end]))
        else { return nil }
        let rest = head[(attribute + 8)..<end].drop {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
        }
        let name = rest.prefix { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    /// Where `needle` first occurs in `data`.
    static func index(of needle: [UInt8], in data: [UInt8]) -> Int? {
        guard data.count >= needle.count else { return nil }
        for start in 0...(data.count - needle.count) where data[start] == needle[0] && Array(data[start..<start + needle.count]) == needle {
            return start
        }
        return nil
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
    static func contains(_ data: [UInt8], _ text: String) -> Bool { index(of: Array(text.utf8), in: data) != nil }
}
