/// Cheap checks on a body before a parser sees it, shared by every source.
package enum BodyCheck {
    /// Refuses a body that cannot be of `kind`.
    package static func reject(_ data: Data, unless kind: BodyKind) throws(FetchFailure) {
        switch kind {
        case .xml: try rejectNonXML(data)
        case .json: try rejectNonJSON(data)
        case .zip: try rejectNonZip(data)
        }
    }

    /// Refuses empty bodies, HTML pages (CDN error pages often come with status 200)
    /// and documents that declare a DTD, whose entities could expand or reach out.
    package static func rejectNonXML(_ data: Data) throws(FetchFailure) {
        let head = leadingText(data)
        guard !head.isEmpty else { throw .emptyBody }
        // UTF-16 or UTF-32 would hide a DTD from the byte search below (and FoundationXML reports
        // no entity declarations then); the ECB sends UTF-8, where a NUL byte cannot appear.
        if data.firstIndex(of: 0) != nil { throw .malformed("not UTF-8 XML") }
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.contains("<html") { throw .htmlBody }
        if data.firstRange(of: Array("<!DOCTYPE".utf8)) != nil || data.firstRange(of: Array("<!ENTITY".utf8)) != nil {
            throw .forbiddenDTD
        }
        guard head.hasPrefix("<") else { throw .malformed("not XML") }
        // The guide's promise: XML not in UTF-8 is refused, whether its declaration says another
        // encoding (the ECB's says UTF-8) or its bytes are not UTF-8 (Latin-1 with no declaration).
        if let declared = declaredEncoding(head), declared != "utf-8", declared != "utf8" {
            throw .malformed("XML in \(declared), not UTF-8")
        }
        guard String(validating: data, as: UTF8.self) != nil else { throw .malformed("not UTF-8 XML") }
    }

    /// The `encoding` of an XML declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`),
    /// lower-cased, in the characters an encoding's name may hold; nil when none is declared.
    private static func declaredEncoding(_ head: String) -> String? {
        guard head.hasPrefix("<?xml"), let end = head.firstRange(of: "?>"),
            let attribute = head[..<end.lowerBound].firstRange(of: "encoding")
        else { return nil }
        let rest = head[attribute.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        return name.isEmpty ? nil : String(name)
    }

    /// Refuses empty bodies and HTML pages ahead of a JSON decoder.
    package static func rejectNonJSON(_ data: Data) throws(FetchFailure) {
        let head = leadingText(data)
        guard !head.isEmpty else { throw .emptyBody }
        if head.hasPrefix("<") { throw head.contains("html") ? .htmlBody : .malformed("not JSON") }
    }

    /// Refuses anything but a zip archive, naming empty bodies and HTML pages as such.
    package static func rejectNonZip(_ data: Data) throws(FetchFailure) {
        guard !data.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return }
        try rejectNonXML(data)
        throw .malformed("not a zip archive")
    }

    /// The first few hundred bytes, lower-cased, with leading whitespace and a BOM removed.
    private static func leadingText(_ data: Data) -> String {
        let prefix = String(decoding: data.prefix(512), as: UTF8.self)
        return prefix.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.lowercased()
    }
}
