import FXRates
import FXDocuments
import Foundation
import FXTestSupport
import Testing

/// A DTD must be refused however the document is encoded: the byte check for `<!DOCTYPE`
/// only sees UTF-8, so a UTF-16 document must be refused by the parser or before it, and an
/// external entity must never be read.
@Suite("ECB: DTDs and entities in any encoding")
struct ECBEntityTests {
    static let marker = "ECB-ENTITY-MARKER-51f0"

    /// A daily document whose USD rate is an external entity naming `file`, which holds a rate.
    static func document(naming file: URL) throws -> String {
        try Data("1.5".utf8).write(to: file)
        return """
            <?xml version="1.0"?>
            <!DOCTYPE gesmes:Envelope [ <!ENTITY rate SYSTEM "file://\(file.path)"> <!ENTITY \(marker) "x"> ]>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            <Cube><Cube time='2026-10-30'><Cube currency='USD' rate='&rate;'/></Cube></Cube></gesmes:Envelope>
            """
    }

    @Test(arguments: ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-16 with BOM"])
    func refused(encoding: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fx-ecb-entity-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try Self.document(naming: file)
        let data: Data =
            switch encoding {
            case "UTF-16LE": text.data(using: .utf16LittleEndian)!
            case "UTF-16BE": text.data(using: .utf16BigEndian)!
            case "UTF-16 with BOM": Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
            default: Data(text.utf8)
            }
        // Refused as a DTD, or as not being the UTF-8 XML the ECB sends: never parsed on.
        let expected: FetchFailure = encoding == "UTF-8" ? .forbiddenDTD : .malformed("not UTF-8 XML")
        #expect(throws: expected) { try ECBFeedParser.parse(data) }
    }

    /// The guide says XML not in UTF-8 is refused: a Latin-1 document, declared or not, is
    /// refused before any parser reads it (an XML parser would convert it and go on).
    @Test(arguments: [true, false])
    func latin1IsRefused(declared: Bool) throws {
        let text = """
            <?xml version="1.0"\(declared ? " encoding=\"ISO-8859-1\"" : "")?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            <gesmes:subject>Reference rates \u{E9}t\u{E9}</gesmes:subject>
            <Cube><Cube time='2026-10-30'><Cube currency='USD' rate='1.1'/></Cube></Cube></gesmes:Envelope>
            """
        let data = try #require(text.data(using: .isoLatin1))
        let expected: FetchFailure = declared ? .malformed("XML in iso-8859-1, not UTF-8") : .malformed("not UTF-8 XML")
        #expect(throws: expected) { try ECBFeedParser.parse(data) }
        // The same document in UTF-8, saying so, is read.
        let utf8 = text.replacingOccurrences(of: "ISO-8859-1", with: "UTF-8")
        #expect(try ECBFeedParser.parse(Data(utf8.utf8)).count == 1)
    }
}
