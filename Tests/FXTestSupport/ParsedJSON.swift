import Foundation

/// A JSON document read exactly: numbers kept as written, keys in order, `true` never a `1`
/// (as JSONSerialization's NSNumber would blur them), so a schema check sees what fx wrote.
public indirect enum ParsedJSON: Equatable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([ParsedJSON])
    case object([(String, ParsedJSON)])

    public static func == (lhs: ParsedJSON, rhs: ParsedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): Decimal(string: a) == Decimal(string: b)
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public struct Malformed: Error {}

    public static func parse(_ data: Data) throws(Malformed) -> ParsedJSON {
        var reader = Reader(bytes: Array(data))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Malformed() }
        return value
    }

    /// The member `key` of an object.
    public subscript(key: String) -> ParsedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    func isOfType(_ name: String) -> Bool {
        switch (self, name) {
        case (.string, "string"), (.bool, "boolean"), (.null, "null"), (.array, "array"), (.object, "object"), (.number, "number"): true
        case (.number(let text), "integer"): !text.contains(".") && !text.lowercased().contains("e")
        default: false
        }
    }

    var typeName: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Short, for messages.
    var text: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        case .bool(let flag): String(flag)
        case .null: "null"
        case .array: "[…]"
        case .object: "{…}"
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value() throws(Malformed) -> ParsedJSON {
            skipSpace()
            guard index < bytes.count else { throw Malformed() }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return try number()
            }
        }

        private mutating func word(_ text: String) throws(Malformed) {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else { throw Malformed() }
            index += expected.count
        }

        private mutating func number() throws(Malformed) -> ParsedJSON {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !text.isEmpty, Decimal(string: text) != nil else { throw Malformed() }
            return .number(text)
        }

        private mutating func expect(_ byte: Character) throws(Malformed) {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte.asciiValue else { throw Malformed() }
            index += 1
        }

        private mutating func peek(_ byte: Character) -> Bool {
            skipSpace()
            return index < bytes.count && bytes[index] == byte.asciiValue
        }

        private mutating func object() throws(Malformed) -> ParsedJSON {
            try expect("{")
            var members: [(String, ParsedJSON)] = []
            if peek("}") { index += 1; return .object(members) }
            repeat {
                skipSpace()
                let key = try string()
                try expect(":")
                members.append((key, try value()))
            } while try separator(closing: "}")
            return .object(members)
        }

        private mutating func array() throws(Malformed) -> ParsedJSON {
            try expect("[")
            var items: [ParsedJSON] = []
            if peek("]") { index += 1; return .array(items) }
            repeat { items.append(try value()) } while try separator(closing: "]")
            return .array(items)
        }

        /// True after a comma, false after the closing bracket.
        private mutating func separator(closing: Character) throws(Malformed) -> Bool {
            if peek(",") { index += 1; return true }
            try expect(closing)
            return false
        }

        private mutating func string() throws(Malformed) -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
            index += 1
            var units: [UInt16] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: units, as: UTF16.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw Malformed() }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard bytes.count - index >= 4,
                            let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                        else { throw Malformed() }
                        units.append(unit)
                        index += 4
                    default: units.append(UInt16(escaped))
                    }
                case 0..<0x20: throw Malformed()
                default:
                    // A multi-byte UTF-8 sequence: decoded whole.
                    var length = 1
                    if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
                    let end = min(bytes.count, index - 1 + length)
                    units += Array(String(decoding: bytes[(index - 1)..<end], as: UTF8.self).utf16)
                    index = end
                }
            }
            throw Malformed()
        }
    }
}
