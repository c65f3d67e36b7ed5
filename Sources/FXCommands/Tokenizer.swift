/// A word of the input line and where it stands, so errors can point at it.
public struct Token: Equatable, Sendable {
    public let text: String
    /// Character offsets into the line: `start..<end`.
    public let start: Int
    public let end: Int

    public init(_ text: String, start: Int, end: Int) {
        self.text = text
        self.start = start
        self.end = end
    }

    /// The text lower-cased, for keyword and command matching.
    public var folded: String { text.lowercased() }
}

/// Splits a line into words. Whitespace separates; `/`, `→`, `->` and commas between words
/// stand alone (`usd/jpy`, `eur,gbp`); a comma between digits stays inside a number (`1,234.56`);
/// `#` at the start of a word begins a comment. The calculator's operators stand alone too
/// (`+ * × ÷ ( ) % =`), and so does `-`, except between digits (`2013-03-21`) and in an
/// option (`--json`), and `%` before a letter (`%d.%m.%Y`).
public enum Tokenizer {
    public static func tokenize(_ line: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var start = 0
        let characters = Array(line)

        func flush(at index: Int) {
            if !current.isEmpty { tokens.append(Token(current, start: start, end: index)) }
            current = ""
        }

        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace || character == "\0" {
                flush(at: index)
            } else if character == "#" && current.isEmpty {
                break
            } else if (character == "-" || character == "+") && isExponentSign(at: index, in: characters, word: current) {
                current.append(character)
            } else if character == "/" || character == "→"
                || operators.contains(character)
                    && (character != "%" || isDigit(current.last) || !(characters[safe: index + 1]?.isLetter ?? false))
            {
                flush(at: index)
                tokens.append(Token(String(character), start: index, end: index + 1))
            } else if character == "-" && index + 1 < characters.count && characters[index + 1] == ">" {
                flush(at: index)
                tokens.append(Token("->", start: index, end: index + 2))
                index += 1
            } else if character == "-" && standsAlone(minusAt: index, in: characters, word: current) {
                flush(at: index)
                tokens.append(Token("-", start: index, end: index + 1))
            } else if character == "," && !isDigit(current.last) || character == "," && !isDigit(characters[safe: index + 1]) {
                flush(at: index)
                tokens.append(Token(",", start: index, end: index + 1))
            } else {
                if current.isEmpty { start = index }
                current.append(character)
            }
            index += 1
        }
        flush(at: characters.count)
        return tokens
    }

    private static let operators: Set<Character> = ["+", "*", "×", "÷", "(", ")", "%", "="]

    /// A minus is an operator unless it joins digits (a date), starts or continues an option, or
    /// follows a symbol (`$-5`).
    private static func standsAlone(minusAt index: Int, in characters: [Character], word: String) -> Bool {
        let next = characters[safe: index + 1]
        if next == "-" || word.last == "-" || word.hasPrefix("-") { return false }
        if let last = word.last, !last.isLetter, !last.isNumber, last != ")" { return false }
        return !(isDigit(word.last) && isDigit(next))
    }

    /// `1e-40`, `2.5E+3`: the sign of an exponent stays in its number, so that the amount is
    /// refused whole (exponents are not read), not as `1e` before a subtraction.
    private static func isExponentSign(at index: Int, in characters: [Character], word: String) -> Bool {
        guard word.last == "e" || word.last == "E", isDigit(characters[safe: index + 1]) else { return false }
        let mantissa = word.dropLast().drop { $0 == "-" }
        return isDigit(mantissa.last) && mantissa.allSatisfy { isDigit($0) || $0 == "." || $0 == "," }
    }

    private static func isDigit(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isASCII && character.isNumber
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
