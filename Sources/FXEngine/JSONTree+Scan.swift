extension JSONTree {
    /// Why a text is not JSON, in `JSONScanner`'s words (what, and at which byte).
    public struct SyntaxError: JSONSyntaxFailure {
        public let what: String
        public static func jsonSyntax(_ what: String) -> Self { Self(what: what) }
    }

    /// The JSON text `bytes` as a tree, read by `JSONScanner` rather than by `JSONDecoder`, whose
    /// first use in a process cost a one-shot answer 1.28 M instructions, half a millisecond, for a
    /// config of one key (Benchmarks/README.md, "The config file"). Strict JSON only, valid UTF-8,
    /// a byte order mark allowed, at most 32 levels deep, no `\u` escape of a surrogate (the
    /// scanner does not join their halves); `read(_:)` leaves anything else to `JSONDecoder`. An object's repeated key keeps its first value, as `JSONDecoder` does.
    public static func scan(_ bytes: [UInt8]) throws(SyntaxError) -> JSONTree {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .jsonSyntax("not UTF-8") }
        var json = JSONScanner<SyntaxError>(bytes: bytes)
        let tree = try value(&json, bytes)
        try json.end()
        return tree
    }

    /// JSON text as a tree: strict JSON through `scan`, and what it refuses (a trailing comma,
    /// which `JSONDecoder` allows) by `JSONDecoder`, so that a file reads as it always did.
    public static func read(_ data: Data) throws -> JSONTree {
        if let tree = try? scan(data.byteArray) { return tree }
        return try JSONDecoder().decode(JSONTree.self, from: data)
    }

    /// `Value` from the tree as `JSONDecoder` reads it from the text the tree came from: the tree
    /// written back as JSON. That costs `JSONEncoder`'s and `JSONDecoder`'s first use, so it is for
    /// what a config seldom holds (a source's own option, Nasdaq's datasets), never the common keys.
    public func decode<Value: Decodable>(_ type: Value.Type, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> Value {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        return try decoder.decode(type, from: JSONEncoder().encode(self))
    }

    private static func value(_ json: inout JSONScanner<SyntaxError>, _ bytes: [UInt8]) throws(SyntaxError) -> JSONTree {
        switch bytes[try json.valueOffset()] {
        case UInt8(ascii: "{"):
            var members: [String: JSONTree] = [:]
            try json.members { json, key throws(SyntaxError) in
                let member = try value(&json, bytes)
                if members[key] == nil { members[key] = member }
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONTree] = []
            try json.elements { json throws(SyntaxError) in elements.append(try value(&json, bytes)) }
            return .array(elements)
        case UInt8(ascii: "\""):
            let start = json.offset
            let text = try json.string()
            guard !escapesSurrogate(bytes[start..<json.offset]) else { throw .jsonSyntax("a surrogate escaped") }
            return .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try json.boolean())
        case UInt8(ascii: "n"):
            _ = try json.null()
            return .null
        default:
            let text = try json.number()
            if let integer = Int(text) { return .integer(integer) }
            guard let number = Double(text), number.isFinite else { throw .jsonSyntax("number out of range: \(text)") }
            return .number(number)
        }
    }

    /// Whether a string's text holds `\uD800`…`\uDFFF`.
    private static func escapesSurrogate(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        while let slash = text[index...].firstIndex(of: UInt8(ascii: "\\")) {
            let rest = text[(slash + 1)...]
            if rest.count >= 3, rest.first == UInt8(ascii: "u"), rest.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "d"),
                let third = rest.dropFirst(2).first,
                (UInt8(ascii: "8")...UInt8(ascii: "9")).contains(third) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(third | 0x20)
            {
                return true
            }
            // `\\` is one escaped backslash: the next escape starts after it.
            index = rest.first == UInt8(ascii: "\\") ? slash + 2 : slash + 1
            guard index < text.endIndex else { return false }
        }
        return false
    }
}
