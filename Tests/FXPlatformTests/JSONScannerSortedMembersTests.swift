import FXPlatform
import Foundation
import Testing

/// `JSONScanner.sortedMembers` and `prettyObjectEnd`: a few rows of an object JSONEncoder wrote
/// (pretty-printed, keys sorted) found by a binary search over its lines, exactly the rows a
/// member-by-member read finds; an object written otherwise is left for that read.
@Suite struct JSONScannerSortedMembersTests {
    struct Failure: JSONSyntaxFailure {
        let what: String
        static func jsonSyntax(_ what: String) -> Failure { Failure(what: what) }
    }

    struct File: Encodable {
        var after: String
        var rows: [String: String]
        var zeta: [String: Int]
    }

    /// 219 rows with values of varied lengths, one empty.
    static let rows: [String: String] = {
        var rows: [String: String] = [:]
        for (index, first) in "ABCDEFGHI".enumerated() {
            for second in "ACEGIKMOQSUWY" {
                for third in "BDF" {
                    rows["\(first)\(second)\(third)"] = String(repeating: "x", count: (index * 7 + Int(second.asciiValue!)) % 90)
                }
            }
        }
        return rows
    }()

    static func encoded(pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return try encoder.encode(File(after: "end", rows: rows, zeta: ["A": 1]))
    }

    /// Reads `rows` keeping `keys`, then the member after it: sorted when the layout allows.
    static func read(_ data: Data, keeping keys: [String]) throws -> (found: [String: String], sorted: Bool, after: String?) {
        var json = JSONScanner<Failure>(data)
        var found: [String: String] = [:], sorted = false, after: String?
        let wanted = keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        try json.members { json, key throws(Failure) in
            switch key {
            case "rows":
                sorted = try json.sortedMembers(wanted) { json, code throws(Failure) in found[code] = try json.string() }
                if !sorted {
                    try json.members(where: { key in wanted.contains { $0.elementsEqual(key) } }) { json, code throws(Failure) in
                        found[code] = try json.string()
                    }
                }
            case "zeta":
                try json.members { json, name throws(Failure) in
                    after = name; _ = try json.number()
                }
            default: try json.skipValue()
            }
        }
        try json.end()
        return (found, sorted, after)
    }

    @Test
    func everyRowAndEveryAbsentKeyIsFoundAsAWholeReadFindsIt() throws {
        let data = try Self.encoded(pretty: true)
        let codes = Self.rows.keys.sorted()
        // Each row alone, pairs across the table, the first and last, and keys before, between and after all rows.
        var asks = codes.map { [$0] }
        asks += stride(from: 0, to: codes.count, by: 7).map { [codes[$0], codes[codes.count - 1 - $0]] }
        asks += [["AAA"], ["AAB", "ZZZ"], ["ACC"], ["IYF"], ["IZZ", codes[0]], [codes.last!, "ZZZ"], []]
        for keys in asks {
            let read = try Self.read(data, keeping: keys)
            #expect(read.sorted, "\(keys)")
            #expect(read.found == Self.rows.filter { keys.contains($0.key) }, "\(keys)")
            #expect(read.after == "A", "the scanner stands after the object: \(keys)")
        }
    }

    @Test
    func anObjectWrittenOtherwiseIsLeftForTheMemberByMemberRead() throws {
        let compact = try Self.encoded(pretty: false)
        let read = try Self.read(compact, keeping: ["AAB", "IYF"])
        #expect(!read.sorted)
        #expect(read.found == ["AAB": Self.rows["AAB"]!, "IYF": Self.rows["IYF"]!])
        #expect(read.after == "A")
        // Pretty, but a row's line broken in two (hand-edited): not the layout, so not searched.
        let text = String(decoding: try Self.encoded(pretty: true), as: UTF8.self)
            .replacingOccurrences(of: "\"EAB\" : ", with: "\"EAB\" :\n ")
        let edited = try Self.read(Data(text.utf8), keeping: ["EAB", "HWF"])
        #expect(edited.found == ["EAB": Self.rows["EAB"]!, "HWF": Self.rows["HWF"]!])
        #expect(edited.after == "A")
    }

    @Test
    func theEndOfAPrettyObjectIsFoundAndAnyOtherIsNot() throws {
        var pretty = JSONScanner<Failure>(try Self.encoded(pretty: true))
        let end = try pretty.prettyObjectEnd()
        #expect(end == (try Self.encoded(pretty: true)).count)
        var compact = JSONScanner<Failure>(try Self.encoded(pretty: false))
        #expect(try compact.prettyObjectEnd() == nil)
        #expect(try compact.skipPrettyObject() == false)
        // Nothing was consumed: the whole value still reads.
        try compact.skipValue()
        try compact.end()
    }
}
