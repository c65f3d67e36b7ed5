/// Lines wrapped at spaces to a width, never inside a word, each continuation under the text it
/// continues (a hanging indent): under a row's second column (`  convert   Convert…`, `Usage: …`),
/// else two further in than the line's own start. A word longer than the width stands alone.
public enum TextWrap {
    public static func wrap(_ text: String, width: Int) -> String {
        guard text.split(separator: "\n", omittingEmptySubsequences: false).contains(where: { $0.count > width }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(line: String($0), width: width) }
            .joined(separator: "\n")
    }

    /// The narrowest a continuation may be before its indent is given up for room.
    static let minimumRoom = 24

    public static func wrap(line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let lead = line.prefix { $0 == " " }.count
        var indent = hangingIndent(of: line) ?? lead + 2
        if width - indent < minimumRoom { indent = min(lead, max(0, width - minimumRoom)) }
        let pad = String(repeating: " ", count: indent)
        // Each word with the spaces before it, so a line's own columns stay as written.
        var pieces: [(gap: String, word: String)] = []
        var gap = "", word = ""
        for character in line.dropFirst(lead) {
            if character == " " {
                if !word.isEmpty { pieces.append((gap, word)); gap = ""; word = "" }
                gap.append(" ")
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { pieces.append((gap, word)) }
        var lines: [String] = []
        var current = String(repeating: " ", count: lead)
        var fresh = true
        for (gap, word) in pieces {
            if fresh {
                current += word
                fresh = false
            } else if current.count + gap.count + word.count <= width {
                current += gap + word
            } else {
                lines.append(current)
                current = pad + word
            }
        }
        lines.append(current)
        return lines
    }

    /// Where a row's second column starts (after the first run of two or more spaces, or after
    /// `Usage: `), nil for prose.
    static func hangingIndent(of line: String) -> Int? {
        let characters = Array(line)
        let lead = characters.prefix { $0 == " " }.count
        if line.dropFirst(lead).hasPrefix("Usage: ") { return lead + 7 }
        var index = lead
        while index + 2 < characters.count {
            if characters[index] == " ", characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count ? end : nil
            }
            index += 1
        }
        return nil
    }
}
