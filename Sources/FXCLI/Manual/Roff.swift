/// A manual page as roff source, written line by line: requests (`.SH`) apart from text, and
/// every piece of text escaped so that roff prints it as written.
struct Roff {
    private(set) var lines: [String] = []

    /// A request such as `.SH NAME` or `.TP`; its arguments are escaped text, quoted when they hold a space.
    mutating func request(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { argument in
            let escaped = Self.escape(argument)
            return escaped.contains(" ") ? "\"" + escaped + "\"" : escaped
        }
        lines.append(([name] + quoted).joined(separator: " "))
    }

    /// Prose, escaped and filled into source lines of at most 80 bytes (what `mandoc -Tlint`
    /// asks for); roff fills them into one paragraph however they are broken.
    mutating func text(_ prose: String) {
        var line = ""
        for word in prose.split(whereSeparator: { $0 == " " || $0 == "\n" }).map({ Self.escape(String($0)) }) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(Self.protected(line))
                line = ""
            }
            line += line.isEmpty ? word : " " + word
        }
        if !line.isEmpty { lines.append(Self.protected(line)) }
    }

    /// A line already in roff (font changes around escaped pieces, from `bold` and `italic`).
    mutating func raw(_ line: String) { lines.append(line) }

    /// Lines shown as typed: no filling, indented.
    mutating func literal(_ lines: [String]) {
        request(".RS", "4")
        request(".nf")
        for line in lines { self.lines.append(Self.escape(line)) }
        request(".fi")
        request(".RE")
    }

    var source: String { lines.joined(separator: "\n") + "\n" }

    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Text as roff reads it literally: a backslash is `\e`, a hyphen the minus `\-` (options
    /// must copy and paste as typed), quotes and accents their ASCII glyphs, anything beyond
    /// ASCII a `\[uXXXX]` escape (mandoc and groff alike), and a line that would start with a
    /// control character (`.`) is protected with `\&`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "'": out += "\\(aq"
            case "`": out += "\\(ga"
            case "\"": out += "\\(dq"
            case "~": out += "\\(ti"
            case "^": out += "\\(ha"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return protected(out)
    }

    /// A text line that would start with a control character (`.`) is protected with `\&`.
    private static func protected(_ line: String) -> String { line.hasPrefix(".") ? "\\&" + line : line }
}
