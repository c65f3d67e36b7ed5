/// The words of a `csv` line as the user meant them: tokens that touch are one word again
/// (`data/statement.csv`, `%d.%m.%Y`, `1.75%`), and a word in double quotes may hold spaces
/// (`--amount "Amount (USD)"`), rebuilt from the tokens' offsets.
enum CSVWords {
    static func join(_ tokens: ArraySlice<Token>) -> [Token] {
        var words: [Token] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            var word = tokens[index]
            index += 1
            let quoted = word.text.hasPrefix("\"")
            while index < tokens.endIndex {
                let next = tokens[index]
                let touching = next.start == word.end
                let insideQuotes = quoted && !(word.text.count > 1 && word.text.hasSuffix("\""))
                guard touching || insideQuotes else { break }
                let gap = String(repeating: " ", count: next.start - word.end)
                word = Token(word.text + gap + next.text, start: word.start, end: next.end)
                index += 1
            }
            if quoted, word.text.count > 1, word.text.hasSuffix("\"") {
                word = Token(String(word.text.dropFirst().dropLast()), start: word.start, end: word.end)
            }
            words.append(word)
        }
        return words
    }
}
