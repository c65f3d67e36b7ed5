#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a `JSONScanner` throws when the text is not JSON, so that a caller's own error type
/// (a provider's `FetchFailure`) carries syntax errors and its own checks alike.
public protocol JSONSyntaxFailure: Error {
    /// The text is not JSON: `what` says what was wrong and at which byte.
    static func jsonSyntax(_ what: String) -> Self
}

/// A strict, minimal JSON reader that hands out object keys in order and numbers as their
/// original text, so callers can see duplicate keys and parse numbers exactly.
public struct JSONScanner<Failure: JSONSyntaxFailure> {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Deeper nesting is refused rather than recursed into (an 8 MiB body of `[` would blow the stack).
    private static var maxDepth: Int { 32 }

    public init(_ data: Data) {
        self.init(bytes: data.byteArray)
    }

    /// Over bytes already copied out of a `Data` (`Data.byteArray`), so that several scanners of one
    /// file share them rather than copy them each.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a UTF-8 byte order mark
    }

    /// Reads an object, calling `body` with each key in order; `body` must consume the value.
    public mutating func members(_ body: (inout JSONScanner, String) throws(Failure) -> Void) throws(Failure) {
        try members(where: { _ in true }, body)
    }

    /// As `members`, but a key `wanted` refuses is not made a string and its value is skipped
    /// (a string value without being made one either): a cache file's rows not asked about.
    /// Measured in Benchmarks/README.md, "Frankfurter v2" (the cache read of a one-shot).
    public mutating func members(
        where wanted: (ArraySlice<UInt8>) -> Bool, _ body: (inout JSONScanner, String) throws(Failure) -> Void
    ) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        depth += 1
        guard depth <= Self.maxDepth else { throw .jsonSyntax("JSON nested too deeply") }
        if try peek() == UInt8(ascii: "}") { position += 1; depth -= 1; return }
        while true {
            let plain = try plainString()
            if let plain, !wanted(bytes[plain]) {
                try expect(UInt8(ascii: ":"))
                if try peek() != UInt8(ascii: "\"") {
                    try skipValue()
                } else if try plainString() == nil {
                    try skipValue()
                }
            } else {
                let key: String
                if let plain { key = String(decoding: bytes[plain], as: UTF8.self) } else { key = try string() }
                try expect(UInt8(ascii: ":"))
                try body(&self, key)
            }
            let next = try peek()
            position += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
        }
        depth -= 1
    }

    /// Where the scanner stands, in bytes from the start of the text.
    public var offset: Int { position }

    /// Where the next value begins, after whitespace, in bytes from the start of the text.
    public mutating func valueOffset() throws(Failure) -> Int {
        _ = try peek()
        return position
    }

    /// Where the object ahead ends (the offset after its closing brace), found without reading
    /// it, when it was written as JSONEncoder's `.prettyPrinted` writes: its closing brace alone
    /// on a line indented as the line that opens it. Nil for an object written otherwise. Braces
    /// are looked for with `memchr` (only the few closing ones are looked at), so skipping a
    /// 219-currency entry costs about what skipping a 30-currency one does.
    public mutating func prettyObjectEnd() throws(Failure) -> Int? {
        guard try peek() == UInt8(ascii: "{") else { return nil }
        var lineStart = position
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var indent = 0
        while lineStart + indent < position, bytes[lineStart + indent] == 0x20 { indent += 1 }
        guard position + 1 < bytes.count, bytes[position + 1] == 0x0A else { return nil }
        var from = position + 1
        while let brace = Self.find(UInt8(ascii: "}"), in: bytes, from: from) {
            // A newline, `indent` spaces, the brace: its own closing line (strings hold no raw newline).
            if brace > indent, bytes[brace - indent - 1] == 0x0A, bytes[(brace - indent)..<brace].allSatisfy({ $0 == 0x20 }) {
                return brace + 1
            }
            from = brace + 1
        }
        return nil
    }

    /// Skips the object ahead when `prettyObjectEnd` finds its end; false, nothing consumed, otherwise.
    public mutating func skipPrettyObject() throws(Failure) -> Bool {
        guard let end = try prettyObjectEnd() else { return false }
        position = end
        return true
    }

    /// Reads only `keys` (ascending byte order) of the object ahead, when it was written one
    /// member per line with keys in ascending byte order (JSONEncoder's `.prettyPrinted` with
    /// `.sortedKeys`): a binary search over its lines, so a few rows cost the same in an object
    /// of 30 or of 300. Calls `body` at the value of each key present, in order; then the scanner
    /// stands after the object. False, with nothing consumed, when the object is not written so:
    /// the caller reads it member by member.
    public mutating func sortedMembers(
        _ keys: [[UInt8]], _ body: (inout JSONScanner, String) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        guard let end = try prettyObjectEnd() else { return false }
        // Member lines are those from the one after the opening brace to the closing brace's own.
        let first = position + 2
        var last = end - 1
        while last > first, bytes[last - 1] != 0x0A { last -= 1 }
        var found: [(key: [UInt8], value: Int)] = []
        for key in keys {
            var low = first, high = last
            while low < high {
                // The start of the line holding the middle byte.
                let line = Self.lineStart(of: low + (high - low) / 2, notBefore: low, in: bytes)
                guard let member = memberLine(at: line, before: last) else { return false }
                if bytes[member.key].lexicographicallyPrecedes(key) { low = member.next } else { high = line }
            }
            guard low < last else { continue }
            guard let member = memberLine(at: low, before: last) else { return false }
            if bytes[member.key].elementsEqual(key) { found.append((key, member.value)) }
        }
        for (key, value) in found {
            position = value
            try body(&self, String(decoding: key, as: UTF8.self))
        }
        position = end
        return true
    }

    /// Moves to `offset`, where an earlier scan of the same bytes found a value; false, not moved, past the end.
    public mutating func move(to offset: Int) -> Bool {
        guard offset >= 0, offset < bytes.count else { return false }
        position = offset
        return true
    }

    private static func lineStart(of offset: Int, notBefore low: Int, in bytes: [UInt8]) -> Int {
        guard offset > low else { return low }
        return bytes.withUnsafeBufferPointer { buffer in
            var start = offset
            while start > low, buffer[start - 1] != 0x0A { start -= 1 }
            return start
        }
    }

    private static func find(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + start, Int32(byte), buffer.count - start).map {
                UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!)
            }
        }
    }

    /// One `"KEY" : scalar` line of a pretty-printed object: the key's bytes, where its value
    /// begins and where the next line does; nil for a line of any other shape.
    private func memberLine(at start: Int, before end: Int) -> (key: Range<Int>, value: Int, next: Int)? {
        bytes.withUnsafeBufferPointer { bytes in
            var index = start
            while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index + 1
            index = keyStart
            while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyEnd = index
            index += 1
            while index < end, bytes[index] == 0x20 { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            while index < end, bytes[index] == 0x20 { index += 1 }
            // Only scalars: a nested value spans lines.
            guard index < end, bytes[index] != UInt8(ascii: "{"), bytes[index] != UInt8(ascii: "["),
                let newline = memchr(bytes.baseAddress! + index, 0x0A, end - index)
            else { return nil }
            return (keyStart..<keyEnd, index, UnsafeRawPointer(newline) - UnsafeRawPointer(bytes.baseAddress!) + 1)
        }
    }

    /// The bytes of a string without escapes or control characters, consumed; nil (nothing
    /// consumed) for any other string.
    private mutating func plainString() throws(Failure) -> Range<Int>? {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return start..<(position - 1)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 {
                position = start - 1
                return nil
            }
            position += 1
        }
        throw .jsonSyntax("JSON ends inside a string")
    }

    /// Reads an array, calling `body` once per element; `body` must consume the element.
    public mutating func elements(_ body: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["))
        depth += 1
        guard depth <= Self.maxDepth else { throw .jsonSyntax("JSON nested too deeply") }
        if try peek() == UInt8(ascii: "]") { position += 1; depth -= 1; return }
        while true {
            try body(&self)
            let next = try peek()
            position += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
        }
        depth -= 1
    }

    public mutating func string() throws(Failure) -> String {
        if let plain = try plainString() { return String(decoding: bytes[plain], as: UTF8.self) }
        try expect(UInt8(ascii: "\""))
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &text)
            case ..<0x20: throw failure("control character in a string")
            default: text.append(byte)
            }
        }
        throw .jsonSyntax("JSON ends inside a string")
    }

    /// True when the next value is a number.
    public mutating func atNumber() throws(Failure) -> Bool {
        let byte = try peek()
        return byte == UInt8(ascii: "-") || isDigit(byte)
    }

    /// A number's text exactly as written, after checking JSON's number grammar.
    public mutating func number() throws(Failure) -> String {
        guard try atNumber() else { throw failure("expected a number") }
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integer = position
        let count = digits()
        guard count > 0 else { throw failure("malformed number") }
        guard count == 1 || bytes[integer] != UInt8(ascii: "0") else { throw failure("number with a leading zero") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("malformed number") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("malformed number") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Any value's source text, for error messages.
    public mutating func rawValue() throws(Failure) -> String {
        _ = try peek()
        let start = position
        try skipValue()
        return String(decoding: bytes[start..<position].prefix(120), as: UTF8.self)
    }

    /// Any value's whole source text: a nested document handed to another reader.
    public mutating func valueText() throws(Failure) -> String {
        let start = try valueOffset()
        try skipValue()
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    public mutating func skipValue() throws(Failure) {
        switch try peek() {
        case UInt8(ascii: "{"): try members { json, _ throws(Failure) in try json.skipValue() }
        case UInt8(ascii: "["): try skipArray()
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    public mutating func boolean() throws(Failure) -> Bool {
        if try peek() == UInt8(ascii: "t") { try literal("true"); return true }
        try literal("false")
        return false
    }

    /// Consumes a `null` and answers true, or answers false and consumes nothing.
    public mutating func null() throws(Failure) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Whether only whitespace is left: the end of a sequence of values (NDJSON's lines).
    public mutating func atEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// Only whitespace may follow the top-level value.
    public mutating func end() throws(Failure) {
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
    }

    private mutating func skipArray() throws(Failure) {
        try elements { json throws(Failure) in try json.skipValue() }
    }

    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw .jsonSyntax("JSON ends inside a string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            guard position + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw failure("bad \\u escape") }
            position += 4
            // Surrogate halves are not joined up; only messages carry escapes, and they are cleaned for display.
            text.append(contentsOf: String(Unicode.Scalar(unit) ?? "\u{FFFD}").utf8)
        default: throw failure("bad escape")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        guard bytes[position...].starts(with: word.utf8) else { throw failure("unexpected character") }
        position += word.utf8.count
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        return position - start
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard try peek() == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    /// The next byte after whitespace, without consuming it.
    private mutating func peek() throws(Failure) -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw .jsonSyntax("JSON ends early (truncated?)") }
        return bytes[position]
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func failure(_ what: String) -> Failure { .jsonSyntax("\(what) at byte \(position)") }
}

extension Data {
    /// The bytes as an array, copied as one block (`Array(data)` copies byte by byte).
    public var byteArray: [UInt8] { withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) } }
}
