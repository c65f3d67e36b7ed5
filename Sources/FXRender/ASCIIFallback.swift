/// Text for a terminal whose locale is not UTF-8 (`LANG=C`): the charts' Braille and block
/// characters, box lines and separators in ASCII. Names and symbols (€, São Tomé) stay as they are.
public enum ASCIIFallback {
    /// Whether the locale the environment names writes UTF-8: the first of `LC_ALL`, `LC_CTYPE`
    /// and `LANG` that is set decides; none set is taken as UTF-8, as terminals are today.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return true
        }
        // On bytes: `String.contains` brings the string-searching module's generic machinery into
        // every one-shot (298 K of its 2.0 M instructions, callgrind); this scan costs a few hundred.
        let folded = Array(locale.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 })
        return containsBytes(folded, Array("utf-8".utf8)) || containsBytes(folded, Array("utf8".utf8))
    }

    private static func containsBytes(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        return false
    }

    public static func text(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else if (0x2800...0x28FF).contains(scalar.value) {
                result.append(braille(scalar.value - 0x2800))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static let replacements: [Unicode.Scalar: String] = [
        "·": "-", "→": "->", "×": "x", "…": "...", "─": "-", "│": "|", "┤": "+", "└": "+", "÷": "/", "≈": "~",
        "▁": "_", "▂": "_", "▃": ".", "▄": "-", "▅": "-", "▆": "=", "▇": "#", "█": "#",
    ]

    /// A Braille cell's dots as one character: in its upper half `'`, lower `.`, both `:`.
    private static func braille(_ dots: UInt32) -> Character {
        let upper = dots & 0b0001_1011 != 0, lower = dots & 0b1110_0100 != 0
        switch (upper, lower) {
        case (true, true): return ":"
        case (true, false): return "'"
        case (false, true): return "."
        case (false, false): return " "
        }
    }
}
