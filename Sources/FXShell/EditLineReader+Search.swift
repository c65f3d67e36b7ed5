import CEditLine
import CLibEdit

extension EditLineReader {
    /// Ctrl-R: a reverse search that says what it is, as shells show it:
    /// `(reverse-i-search)'usd e': 100 usd eur`. Typing narrows it, Ctrl-R again goes to an older
    /// match, Backspace widens it, Enter runs the match, Ctrl-G or Escape puts the line back, and
    /// any other key keeps the match to edit.
    func search() -> UInt8 {
        let original = currentLine()
        var pattern: [UInt8] = []
        var skipped = 0
        var match: String? = original
        defer { fx_el_set_prompt(editLine, prompt.text, prompt.literal ? 1 : 0) }
        while true {
            let typed = String(decoding: pattern, as: UTF8.self)
            let label = match == nil ? "(failed reverse-i-search)" : "(reverse-i-search)"
            fx_el_set_prompt(editLine, "\(label)'\(typed)': ", 0)
            replaceLine(with: match ?? "")
            // libedit redraws from where the cursor is: back to the line's start, cleared.
            show("\r\u{1B}[J")
            fx_el_refresh(editLine)
            var character: CChar = 0
            guard fx_el_getc(editLine, &character) == 1 else { return UInt8(CC_EOF) }
            let byte = UInt8(bitPattern: character)
            switch byte {
            case 0x12:  // Ctrl-R: an older match
                skipped += 1
            case 0x7F, 0x08:
                if !pattern.isEmpty { pattern.removeLast() }
                // A whole UTF-8 character goes, not a byte of it.
                while let last = pattern.last, last & 0xC0 == 0x80 { pattern.removeLast() }
                skipped = 0
            case 0x07, 0x1B:  // Ctrl-G, Escape: as it was
                replaceLine(with: original)
                return UInt8(CC_REDISPLAY)
            case 0x0D, 0x0A:
                // The line runs as typed at `fx> `, which stays on screen above its answer.
                replaceLine(with: match ?? original)
                fx_el_set_prompt(editLine, prompt.text, prompt.literal ? 1 : 0)
                show("\r\u{1B}[J")
                fx_el_refresh(editLine)
                show("\n")
                return UInt8(CC_NEWLINE)
            case 0x20...:
                pattern.append(byte)
                skipped = 0
            default:
                return UInt8(CC_REDISPLAY)
            }
            let wanted = String(decoding: pattern, as: UTF8.self).lowercased()
            let matches = searchable.reversed().filter { wanted.isEmpty || $0.lowercased().contains(wanted) }
            var seen = Set<String>()
            let distinct = matches.filter { seen.insert($0).inserted }
            if skipped >= distinct.count { skipped = max(0, distinct.count - 1) }
            match = pattern.isEmpty ? original : distinct.isEmpty ? nil : distinct[skipped]
        }
    }

    private func currentLine() -> String {
        guard let info = fx_el_line(editLine)?.pointee, let buffer = info.buffer else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: info.lastchar - buffer), as: UTF8.self)
    }

    /// The whole line replaced by `text`, the cursor after it; libedit counts in characters.
    private func replaceLine(with text: String) {
        guard let info = fx_el_line(editLine)?.pointee, let buffer = info.buffer else { return }
        let after = String(decoding: UnsafeRawBufferPointer(start: info.cursor, count: info.lastchar - info.cursor), as: UTF8.self)
        fx_el_cursor(editLine, Int32(after.unicodeScalars.count))
        let whole = String(decoding: UnsafeRawBufferPointer(start: buffer, count: info.lastchar - buffer), as: UTF8.self)
        if !whole.isEmpty { fx_el_deletestr(editLine, Int32(whole.unicodeScalars.count)) }
        if !text.isEmpty { fx_el_insertstr(editLine, text) }
    }
}
