#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small text operations that FoundationEssentials lacks (it has no `CharacterSet` or
/// `trimmingCharacters(in:)`).
extension StringProtocol {
    /// Without leading and trailing white space (Unicode's White_Space: spaces, tabs, newlines).
    /// A hand-written ASCII shortcut here once saved 0.8% of a one-shot answer's instructions and
    /// no measurable time, so it went: this is the standard library's own reading of white space.
    public var trimmedOfWhitespace: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<end])
    }
}

extension String {
    /// The first `limit` scalars with every control and format character (a terminal escape, a
    /// bidi override) written visibly, `\x1B` or `\u{202E}`: how text from outside (a provider's
    /// body, a file, a typed word) stands in any message, so that none can drive the terminal and
    /// none is hidden. The one such reading: each layer's messages call it.
    public func escapingControls(first limit: Int) -> String {
        var result = ""
        for scalar in unicodeScalars.prefix(limit) {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{" + hex + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Every occurrence of `needle` replaced, matched regardless of case (letter by letter, as
    /// Unicode lower-cases them): secrets are hidden however a provider echoes them.
    public func replacingCaseInsensitive(_ needle: String, with replacement: String) -> String {
        let text = Array(unicodeScalars)
        let starts = Self.caseInsensitiveMatches(of: needle, in: text)
        guard let first = starts.first else { return self }
        let length = needle.unicodeScalars.count
        var result = String.UnicodeScalarView(text[..<first])
        var index = first
        for start in starts {
            result.append(contentsOf: text[index..<start])
            result.append(contentsOf: replacement.unicodeScalars)
            index = start + length
        }
        result.append(contentsOf: text[index...])
        return String(result)
    }

    /// Whether `needle` occurs, regardless of case.
    public func containsCaseInsensitive(_ needle: String) -> Bool {
        needle.isEmpty || !Self.caseInsensitiveMatches(of: needle, in: Array(unicodeScalars)).isEmpty
    }

    /// Where `needle` starts in `text`, scalar offsets of matches that do not overlap.
    private static func caseInsensitiveMatches(of needle: String, in text: [Unicode.Scalar]) -> [Int] {
        let folded = text.map(fold)
        let pattern = needle.unicodeScalars.map(fold)
        guard !pattern.isEmpty, pattern.count <= folded.count else { return [] }
        var starts: [Int] = []
        var index = 0
        while index + pattern.count <= folded.count {
            if folded[index..<index + pattern.count].elementsEqual(pattern) {
                starts.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return starts
    }

    /// Percent-encoded: every UTF-8 byte that `keep` refuses becomes `%XX`.
    public func percentEncoded(keeping keep: (UInt8) -> Bool = PercentEncoding.isUnreserved) -> String {
        var out = ""
        for byte in utf8 {
            if keep(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return out
    }

    private static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }
}

public enum PercentEncoding {
    /// RFC 3986's unreserved characters: letters, digits, `-._~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    public static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}

extension Array where Element == String {
    /// The elements with `separator` between them, as `joined(separator:)` gives them, but
    /// without its generic entry point, whose first use resolves conformances by scanning the
    /// binary's records (measured: Benchmarks/README.md, "What each fast path is worth").
    public func joined(by separator: String) -> String {
        var result = ""
        var first = true
        for element in self {
            if !first { result += separator }
            result += element
            first = false
        }
        return result
    }
}
