/// The words of a command as a POSIX shell splits them, for the quoting the guide uses:
/// whitespace between words, '…' and "…" taken literally. Nil for an unbalanced quote.
public enum ShellWords {
    public static func split(_ command: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { return nil }
        if inWord { words.append(word) }
        return words
    }
}
